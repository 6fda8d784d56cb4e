import type { useLoaderData } from '@remix-run/react'
import { Download } from 'lucide-react'
import type { AgencyStatus } from '../../../utils/agency-forms.schemas'
import type { loader } from './agreement.server'
import { formatDate } from '../../../utils/misc'
import { AGENCY_STATUS_LABELS, labelOf } from '../../../utils/labels'
import {
  ErrorList,
  errorsOf,
  IntentForm,
  SubmitButton,
  useResultFor,
  type FormResult,
} from '../../../components/forms'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Detail, PortalButtons, yesNo } from '../../../components/agency/agency-parts'

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>

const UNSIGNED_UPLOAD_OPEN: AgencyStatus[] = ['COMPANY_DETAIL_DONE', 'CONFIGURATION_DONE', 'AGREEMENT_SENT']

/** A file input with its errors (the use case reports a stored file's problems as file_path or filename). */
function FileInput({ id, label, result }: { id: string; label: string; result: FormResult | undefined }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={id}
        type="file"
        accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
        required
        aria-invalid={errorsOf(result, id, 'file_path').length ? true : undefined}
        aria-describedby={`${id}-errors`}
      />
      <ErrorList id={`${id}-errors`} errors={errorsOf(result, id, 'file_path', 'filename')} />
    </div>
  )
}

export function AgencyAgreement({ agency, waitingFor, document: doc }: Loaded) {
  const unsigned = useResultFor('upload-unsigned')
  const send = useResultFor('send-agreement')
  const signed = useResultFor('upload-signed')
  const record = doc && 'unsigned_agreement_filename' in doc ? doc : null
  const uploadOpen = UNSIGNED_UPLOAD_OPEN.includes(agency.status)
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h3">Agreement</CardTitle>
          <CardDescription>{waitingFor}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="divide-y">
            <Detail label="Agreement id">{record?.agreement_id ?? null}</Detail>
            <Detail label="Unsigned">
              {record?.unsigned_agreement_filename
                ? `${record.unsigned_agreement_filename} (${formatDate(record.unsigned_agreement_date)})`
                : null}
            </Detail>
            <Detail label="Sent to the agency">{yesNo(record?.is_unsigned_agreement_sent)}</Detail>
            <Detail label="Signed">
              {record?.signed_agreement_filename
                ? `${record.signed_agreement_filename} (${formatDate(record.signed_agreement_date)})`
                : null}
            </Detail>
          </dl>
          <div className="flex flex-wrap gap-2">
            {doc?.unsignedAgreementUrl ? (
              <a
                href={doc.unsignedAgreementUrl}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <Download aria-hidden="true" />
                Download unsigned agreement
              </a>
            ) : null}
            {doc?.signedAgreementUrl ? (
              <a href={doc.signedAgreementUrl} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                <Download aria-hidden="true" />
                Download signed agreement
              </a>
            ) : null}
          </div>
          {agency.status === 'CONFIGURATION_DONE' ? (
            <div className="space-y-2">
              <IntentForm intent="send-agreement">
                <SubmitButton disabled={!record?.unsigned_agreement}>Send agreement to agency</SubmitButton>
              </IntentForm>
              {!record?.unsigned_agreement ? (
                <p className="text-sm text-muted-foreground">Upload the unsigned agreement first.</p>
              ) : null}
              <ErrorList errors={errorsOf(send, '')} />
            </div>
          ) : null}
          <PortalButtons status={agency.status} agencyName={agency.name} />
        </CardContent>
      </Card>
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle as="h3">Upload the unsigned agreement</CardTitle>
            <CardDescription>
              {uploadOpen
                ? 'PDF, JPEG, PNG, DOC or DOCX, up to 5 MB. A new upload replaces the previous one.'
                : `Not possible while the agency is at “${labelOf(AGENCY_STATUS_LABELS, agency.status)}”.`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <IntentForm intent="upload-unsigned" encType="multipart/form-data" className="space-y-4">
              <FileInput id="unsigned_agreement" label="Agreement file" result={unsigned} />
              <div className="space-y-2">
                <Label htmlFor="agreement_id">Agreement id (optional)</Label>
                <Input
                  id="agreement_id"
                  name="agreement_id"
                  defaultValue={record?.agreement_id ?? ''}
                  aria-describedby="agreement-id-errors"
                />
                <ErrorList id="agreement-id-errors" errors={errorsOf(unsigned, 'agreement_id')} />
              </div>
              <ErrorList errors={errorsOf(unsigned, '')} />
              <SubmitButton disabled={!uploadOpen}>Upload unsigned agreement</SubmitButton>
            </IntentForm>
          </CardContent>
        </Card>
        {agency.status === 'AGREEMENT_SENT' ? (
          <Card>
            <CardHeader>
              <CardTitle as="h3">Upload the signed agreement</CardTitle>
              <CardDescription>
                On the agency&apos;s behalf, when it sent the signed copy another way.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <IntentForm intent="upload-signed" encType="multipart/form-data" className="space-y-4">
                <FileInput id="signed_agreement" label="Signed agreement file" result={signed} />
                <ErrorList errors={errorsOf(signed, '')} />
                <SubmitButton>Upload signed agreement</SubmitButton>
              </IntentForm>
            </CardContent>
          </Card>
        ) : null}
      </div>
    </div>
  )
}
