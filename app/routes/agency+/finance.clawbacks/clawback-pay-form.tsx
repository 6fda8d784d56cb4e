import { Form } from '@remix-run/react'
import { formatMoney } from '../../../utils/misc'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Select } from '../../../components/ui/select'

/** The agency pays one clawback: a method and, for a bank transfer, the transfer proof. */
export function ClawbackPayForm({
  c,
  methods,
}: {
  c: { id: number; policy_id: number; policy_ref: string; outstanding_amount: number }
  /** The clawback methods with their labels (the route passes them from the domain's rules). */
  methods: readonly { value: string; label: string }[]
}) {
  const amount = formatMoney(c.outstanding_amount)
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex min-w-[20rem] flex-wrap items-end gap-2"
    >
      <input type="hidden" name="policy_id" value={c.policy_id} />
      <div className="space-y-1">
        <Label htmlFor={`method_${c.id}`}>Pay by</Label>
        <Select id={`method_${c.id}`} name="payment_method" defaultValue="AGENCY_BALANCE">
          {methods.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`doc_${c.id}`}>Transfer proof (bank transfer only)</Label>
        <Input
          id={`doc_${c.id}`}
          name="bank_document"
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          className="h-9 w-56"
          aria-describedby={`doc_${c.id}_hint`}
        />
        <p id={`doc_${c.id}_hint`} className="text-xs text-muted-foreground">
          Quote <span className="font-mono font-semibold">{c.policy_ref}</span> as the transfer&apos;s
          reference.
        </p>
      </div>
      <ConfirmSubmit
        size="sm"
        variant="default"
        name="intent"
        value="pay"
        title={`Pay back ${amount} on policy ${c.policy_ref}?`}
        description={`${amount} of commission is paid back by the method chosen (the agency balance is debited at once).`}
        confirmLabel={`Pay ${amount}`}
      >
        Pay {amount}
        <span className="sr-only"> on {c.policy_ref}</span>
      </ConfirmSubmit>
    </Form>
  )
}
