import { Form } from '@remix-run/react'
import { SubmitButton } from '../../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Select } from '../../../components/ui/select'

/** Staff attach a bank statement to a waiting payment (maker-checker: the uploader cannot approve). */
export function UploadProof({ rows }: { rows: { id: number; ref: string }[] }) {
  if (!rows.length) return null
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
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="upload-proof" />
          <div className="space-y-1">
            <Label htmlFor="proof_policy_id">Policy</Label>
            <Select id="proof_policy_id" name="policy_id" required>
              <option value="">Choose a policy</option>
              {rows.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.ref}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="proof_document">Proof (PDF or image, up to 5 MB)</Label>
            <Input
              id="proof_document"
              name="document"
              type="file"
              accept="application/pdf,image/png,image/jpeg"
              required
            />
          </div>
          <SubmitButton variant="outline">Upload proof</SubmitButton>
        </Form>
      </CardContent>
    </Card>
  )
}
