import { useState } from 'react'
import { PayInvoiceFormSchema } from '../../../utils/invoice-forms.schemas'
import { labelOf, PAYMENT_METHOD_LABELS } from '../../../utils/labels'
import { formatMoney } from '../../../utils/misc'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import { ConformForm, errorsOf, ErrorList, useConformForm, useResultFor } from '../../../components/forms'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Select } from '../../../components/ui/select'
import { BankDetails, type BankAccount } from '../../../components/money/bank-details'

/** The methods an agency pays an invoice with on this page (spec/02 section 5, multi-method). */
export const PAY_FORM_METHODS = ['AGENCY_BALANCE', 'BANK', 'CARD'] as const
export const PAY_FORM_MAX_ROWS = 4

type Row = { method: string; amount: string }

const cents = (v: string) => (/^\d+(\.\d{1,2})?$/.test(v.trim()) ? Math.round(Number(v) * 100) : 0)

/**
 * Pay an invoice with several methods at once: rows of method + amount (+ the bank receipt for
 * BANK). Shows the total entered against the outstanding, and the available balance. Without
 * JavaScript two rows are offered; blank rows are ignored by the action.
 */
export function InvoicePayForm({
  invoiceId,
  outstanding,
  balance,
  bankTransfer,
}: {
  invoiceId: number
  outstanding: number
  balance: number
  /** Where a bank transfer goes and the reference it quotes (INV-<id>), so finance match it. */
  bankTransfer: { account: BankAccount | null; reference: string }
}) {
  const [form] = useConformForm(PayInvoiceFormSchema, { intent: 'pay' })
  // The rows are checked by the use case only: its refusal stays shown until the next submission.
  const refusal = errorsOf(useResultFor('pay'), '')
  const [rows, setRows] = useState<Row[]>([
    { method: '', amount: '' },
    { method: '', amount: '' },
  ])
  const set = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const totalCents = rows.reduce((s, r) => s + (r.method ? cents(r.amount) : 0), 0)
  const outstandingCents = Math.round(outstanding * 100)
  const balanceUsed = rows.reduce((s, r) => s + (r.method === 'AGENCY_BALANCE' ? cents(r.amount) : 0), 0)
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Pay this invoice</CardTitle>
        <CardDescription>
          Outstanding {formatMoney(outstanding)}. Combine methods: agency balance (available{' '}
          {formatMoney(balance)}), a bank transfer with its receipt (checked by our finance team), or a card.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm form={form} intent="pay" encType="multipart/form-data" className="space-y-4">
          {rows.map((r, i) => (
            <fieldset key={i} className="flex flex-wrap items-end gap-3 rounded-md border p-3">
              <legend className="px-1 text-sm text-muted-foreground">Method {i + 1}</legend>
              <div className="space-y-1">
                <Label htmlFor={`method_${i}`}>Method</Label>
                <Select
                  id={`method_${i}`}
                  name={`method_${i}`}
                  value={r.method}
                  onChange={(e) => set(i, { method: e.target.value })}
                >
                  <option value="">Not used</option>
                  {PAY_FORM_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {labelOf(PAYMENT_METHOD_LABELS, m)}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="space-y-1">
                <Label htmlFor={`amount_${i}`}>Amount (AUD)</Label>
                <Input
                  id={`amount_${i}`}
                  name={`amount_${i}`}
                  inputMode="decimal"
                  value={r.amount}
                  onChange={(e) => set(i, { amount: e.target.value })}
                  className="w-36"
                />
              </div>
              {r.method === 'BANK' ? (
                <BankDetails
                  account={bankTransfer.account}
                  reference={bankTransfer.reference}
                  amount={r.amount ? formatMoney(cents(r.amount) / 100) : 'the amount'}
                />
              ) : null}
              {r.method === 'BANK' || r.method === '' ? (
                <div className="space-y-1">
                  <Label htmlFor={`document_${i}`}>Bank receipt (for a bank transfer)</Label>
                  <Input
                    id={`document_${i}`}
                    name={`document_${i}`}
                    type="file"
                    accept="application/pdf,image/png,image/jpeg"
                  />
                </div>
              ) : null}
              {r.method === 'AGENCY_BALANCE' ? (
                <p className="text-sm text-muted-foreground">Available balance {formatMoney(balance)}</p>
              ) : null}
            </fieldset>
          ))}
          <div className="flex flex-wrap items-center gap-3">
            {rows.length < PAY_FORM_MAX_ROWS ? (
              <Button
                type="button"
                variant="outline"
                onClick={() => setRows((rs) => [...rs, { method: '', amount: '' }])}
              >
                Add a method
              </Button>
            ) : null}
            <p className="text-sm" aria-live="polite" data-testid="pay-total">
              Total {formatMoney(totalCents / 100)} of {formatMoney(outstanding)} outstanding
              {totalCents > outstandingCents ? ' — the excess goes to your agency balance' : ''}
              {totalCents > 0 && totalCents < outstandingCents ? ' — a part payment' : ''}
              {balanceUsed > Math.round(balance * 100) ? ' — more than your available balance' : ''}
            </p>
          </div>
          <ErrorList errors={refusal} />
          <ConfirmSubmit
            variant="default"
            title={`Pay invoice #${invoiceId}?`}
            description={`${formatMoney(totalCents / 100)} is paid now (balance parts at once, bank transfers once verified, card on the next page).`}
            confirmLabel="Pay"
          >
            Pay
          </ConfirmSubmit>
        </ConformForm>
      </CardContent>
    </Card>
  )
}
