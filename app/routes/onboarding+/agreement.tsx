import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { getAgencyDocument } from '../../../domain/agencies/onboarding/get-agency-document'
import { uploadSignedAgreement } from '../../../domain/agencies/onboarding/upload-signed-agreement'
import { pathByStatus } from '../../../domain/agencies/agencies.rules'
import { AuthCard } from '../../components/auth-card'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../components/forms'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { readForm, submitForm } from '../../utils/forms.server'
import { requireOnboardingAgency } from '../../utils/session.server'
import { storeFormFile } from '../../utils/upload.server'

export const meta: MetaFunction = () => [{ title: 'Sign your agreement · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor, agency } = await requireOnboardingAgency(request)
  if (agency.status !== 'AGREEMENT_SENT') throw redirect(pathByStatus(agency))
  const doc = await getAgencyDocument({ actor, agencyId: agency.id })
  return {
    url: doc.unsignedAgreementUrl,
    filename: 'unsigned_agreement_filename' in doc ? doc.unsigned_agreement_filename : null,
  }
}

/** The signed agreement is a file, checked by storeFormFile: no other field. */
const AgreementSchema = z.object({})

export async function action({ request }: ActionFunctionArgs) {
  const { actor, agency } = await requireOnboardingAgency(request)
  const formData = await readForm(request)
  return submitForm(formData, AgreementSchema, async () => {
    const file = formData.get('signed_agreement')
    const stored = await storeFormFile({ actor, file, field: 'signed_agreement' })
    await uploadSignedAgreement({
      actor,
      agencyId: agency.id,
      input: {
        agreement_id: null,
        file_path: stored.key,
        filename: stored.filename.slice(0, 100),
        date: undefined,
      },
    })
    return redirect('/onboarding/waiting')
  })
}

export default function AgreementStep() {
  const { url, filename } = useLoaderData<typeof loader>()
  const [form, fields] = useConformForm(AgreementSchema)
  return (
    <AuthCard
      title="Sign your agency agreement"
      description="Download the agreement, sign it, and upload the signed copy (PDF, JPEG, PNG, DOC or DOCX, up to 5 MB)."
    >
      <div className="space-y-6">
        {url ? (
          <Button asChild variant="outline">
            <a href={url} download>
              Download {filename ?? 'agreement'}
            </a>
          </Button>
        ) : null}
        <ConformForm form={form} encType="multipart/form-data" className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="signed_agreement">Signed agreement</Label>
            <Input
              id="signed_agreement"
              name="signed_agreement"
              type="file"
              accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
              required
              aria-describedby="signed-agreement-errors"
            />
            <ErrorList
              id="signed-agreement-errors"
              errors={fields.signed_agreement?.errors ?? fields.file_path?.errors}
            />
          </div>
          <ErrorList errors={form.errors} />
          <SubmitButton>Upload signed agreement</SubmitButton>
        </ConformForm>
      </div>
    </AuthCard>
  )
}
