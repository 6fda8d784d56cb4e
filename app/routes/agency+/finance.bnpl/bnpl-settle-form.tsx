import { getInputProps, getSelectProps } from '@conform-to/react'
import {
  ConformForm,
  ErrorList,
  type FormSchema,
  SubmitButton,
  useConformForm,
} from '../../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Select } from '../../../components/ui/select'
import { StatusBadge } from '../../../components/status-badge'
import { formatDate, formatMoney } from '../../../utils/misc'
import { PolicyRefLink } from '../../../components/policies/policy-ref-link'

export type UnsettledPolicy = {
  policy_id: number
  ref: string
  student: string
  amount: number
  payment_status: string
  settlement_deadline: string | Date
  days_left: number
  overdue: boolean
  open_request_id: number | null
}

/**
 * The agency's unsettled BNPL purchases with their deadlines, as a settle form: tick policies,
 * choose bank transfer (with the receipt) or the agency balance, send. Works without JavaScript.
 */
export function BnplSettleForm({ policies, schema }: { policies: UnsettledPolicy[]; schema: FormSchema }) {
  const requestable = policies.filter((p) => p.open_request_id === null)
  const [form, fields] = useConformForm(schema, { defaultValue: { payment_type: 'BANK' } })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Purchases to settle</CardTitle>
        <CardDescription>
          Pay back what you bought with buy now, pay later before each deadline. After a deadline passes you
          cannot buy with buy now, pay later until it is settled.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {policies.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to settle.</p>
        ) : (
          <ConformForm form={form} encType="multipart/form-data" className="space-y-4">
            <fieldset>
              <legend className="mb-2 text-sm font-medium">Policies</legend>
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th className="py-1">Settle</th>
                    <th>Policy</th>
                    <th>Student</th>
                    <th>Deadline</th>
                    <th>Status</th>
                    <th className="text-right">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {policies.map((p) => (
                    <tr key={p.policy_id} className="border-t">
                      <td className="py-1">
                        {p.open_request_id === null ? (
                          <input
                            type="checkbox"
                            name={fields.policies.name}
                            value={p.policy_id}
                            id={`policy_${p.policy_id}`}
                            aria-label={`Settle policy ${p.ref}`}
                          />
                        ) : (
                          <span className="text-muted-foreground">In request BNPL-{p.open_request_id}</span>
                        )}
                      </td>
                      <td>
                        <PolicyRefLink portal="agency" id={p.policy_id} policyRef={p.ref} />
                      </td>
                      <td>{p.student}</td>
                      <td className={p.overdue ? 'font-semibold text-destructive' : undefined}>
                        {formatDate(p.settlement_deadline)}
                        {p.overdue
                          ? ' (overdue)'
                          : ` (${p.days_left} ${p.days_left === 1 ? 'day' : 'days'} left)`}
                      </td>
                      <td>
                        <StatusBadge kind="payment" status={p.payment_status} />
                      </td>
                      <td className="text-right">{formatMoney(p.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <ErrorList id={fields.policies.errorId} errors={fields.policies.errors} />
            </fieldset>
            {requestable.length ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="space-y-1">
                  <Label htmlFor={fields.payment_type.id}>Pay by</Label>
                  <Select {...getSelectProps(fields.payment_type)}>
                    <option value="BANK">Bank transfer</option>
                    <option value="AGENCY_BALANCE">Agency balance</option>
                  </Select>
                  <ErrorList id={fields.payment_type.errorId} errors={fields.payment_type.errors} />
                </div>
                <div className="space-y-1">
                  <Label htmlFor={fields.bank_document.id}>Bank receipt (for a bank transfer)</Label>
                  <Input
                    {...getInputProps(fields.bank_document, { type: 'file' })}
                    accept="application/pdf,image/png,image/jpeg"
                  />
                  <ErrorList id={fields.bank_document.errorId} errors={fields.bank_document.errors} />
                </div>
                <ErrorList id={form.errorId} errors={form.errors} className="sm:col-span-2" />
                <div className="sm:col-span-2">
                  <SubmitButton>Send settlement</SubmitButton>
                </div>
              </div>
            ) : null}
          </ConformForm>
        )}
      </CardContent>
    </Card>
  )
}
