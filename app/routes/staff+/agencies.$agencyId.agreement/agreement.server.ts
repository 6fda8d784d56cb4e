// The agreement tab's loader and action, apart from its components so they can name the loader's
// type without importing the route (no import cycle; ADR 0015).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getAgencyDocument } from '../../../../domain/agencies/onboarding/get-agency-document'
import { sendAgreement } from '../../../../domain/agencies/onboarding/send-agreement'
import { uploadSignedAgreement } from '../../../../domain/agencies/onboarding/upload-signed-agreement'
import { uploadUnsignedAgreement } from '../../../../domain/agencies/onboarding/upload-unsigned-agreement'
import { getAgency } from '../../../../domain/agencies/reads/get-agency'
import { optionalText } from '../../../../domain/shared/fields'
import {
  backToTab,
  changePortal,
  orNotFound,
  requireAgencyPage,
  staffWaitingFor,
} from '../../../utils/agency-page.server'
import { readForm, submitForm } from '../../../utils/forms.server'
import { storeFormFile } from '../../../utils/upload.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, agencyId } = await requireAgencyPage(request, params)
  const agency = await orNotFound(getAgency({ actor, id: agencyId }))
  return {
    agency: { id: agency.id, name: agency.full_company_name ?? agency.email, status: agency.status },
    waitingFor: staffWaitingFor(agency),
    document: await getAgencyDocument({ actor, agencyId }),
  }
}

const UnsignedUploadSchema = z.object({
  intent: z.literal('upload-unsigned'),
  agreement_id: optionalText(256),
})
const SendAgreementSchema = z.object({ intent: z.literal('send-agreement') })
const SignedUploadSchema = z.object({ intent: z.literal('upload-signed') })

/** The agreement's forms: both uploads, sending it, and the portal once it is signed. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, agencyId } = await requireAgencyPage(request, params)
  const formData = await readForm(request)
  switch (formData.get('intent')) {
    case 'activate':
    case 'deactivate':
      return changePortal(actor, agencyId, formData, 'agreement')
    case 'upload-unsigned': {
      return submitForm(formData, UnsignedUploadSchema, async (value) => {
        const stored = await storeFormFile({
          actor,
          file: formData.get('unsigned_agreement'),
          field: 'unsigned_agreement',
          agencyId,
        })
        await uploadUnsignedAgreement({
          actor,
          agencyId,
          input: {
            agreement_id: value.agreement_id,
            file_path: stored.key,
            filename: stored.filename.slice(0, 100),
            date: undefined,
          },
        })
        return backToTab(agencyId, 'agreement', 'Unsigned agreement uploaded')
      })
    }
    case 'send-agreement': {
      return submitForm(formData, SendAgreementSchema, async () => {
        await sendAgreement({ actor, agencyId })
        return backToTab(agencyId, 'agreement', 'Agreement sent to the agency')
      })
    }
    case 'upload-signed': {
      return submitForm(formData, SignedUploadSchema, async () => {
        const stored = await storeFormFile({
          actor,
          file: formData.get('signed_agreement'),
          field: 'signed_agreement',
          agencyId,
        })
        await uploadSignedAgreement({
          actor,
          agencyId,
          input: {
            agreement_id: null,
            file_path: stored.key,
            filename: stored.filename.slice(0, 100),
            date: undefined,
          },
        })
        return backToTab(agencyId, 'agreement', 'Signed agreement uploaded')
      })
    }
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}
