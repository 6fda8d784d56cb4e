import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Select } from '../../../components/ui/select'
import { UploadProofSchema } from './upload-proof.schemas'

/**
 * Staff attach a bank statement to a waiting payment (maker-checker: the uploader cannot approve):
 * Conform over the action's schema, a refusal shown under its field.
 */
export function UploadProof({ rows }: { rows: { id: number; ref: string }[] }) {
  const [form, fields] = useConformForm(UploadProofSchema, { intent: 'upload-proof' })
  if (!rows.length) return null
  const policyErrors = fields.policy_id.errors
  // A refused file comes back on its field and as the form's message: shown once.
  const documentErrors = [...new Set([...(fields.document?.errors ?? []), ...(form.errors ?? [])])]
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Upload a payment proof</CardTitle>
        <CardDescription>
          Attach a bank statement or remittance to a waiting payment. Whoever uploads it cannot approve that
          payment.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm
          form={form}
          intent="upload-proof"
          encType="multipart/form-data"
          className="flex flex-wrap items-start gap-3"
        >
          <div className="space-y-1">
            <Label htmlFor="proof_policy_id">Policy</Label>
            <Select
              id="proof_policy_id"
              name={fields.policy_id.name}
              required
              aria-invalid={policyErrors ? true : undefined}
              aria-describedby={policyErrors ? 'proof_policy_id-errors' : undefined}
            >
              <option value="">Choose a policy</option>
              {rows.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.ref}
                </option>
              ))}
            </Select>
            <ErrorList id="proof_policy_id-errors" errors={policyErrors} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="proof_document">Proof (PDF or image, up to 5 MB)</Label>
            <Input
              id="proof_document"
              name="document"
              type="file"
              accept="application/pdf,image/png,image/jpeg"
              required
              aria-invalid={documentErrors.length ? true : undefined}
              aria-describedby={documentErrors.length ? 'proof_document-errors' : undefined}
            />
            <ErrorList id="proof_document-errors" errors={documentErrors} />
          </div>
          <SubmitButton variant="outline" className="mt-6">
            Upload proof
          </SubmitButton>
        </ConformForm>
      </CardContent>
    </Card>
  )
}
