import { useNavigation } from '@remix-run/react'
import { ConformForm, ErrorList, SubmitButton, useConformForm, type FormSchema } from '../forms'
import { Input } from '../ui/input'
import { Label } from '../ui/label'
import { Select } from '../ui/select'

/** The inbox kinds decided in bulk (the use case's kinds), with what one item is called. */
export const BULK_ITEM_NAMES: Record<string, string> = {
  policy_payment: 'Payment of policy',
  topup: 'Top-up',
  payout: 'Payout',
  bnpl: 'BNPL settlement',
}

/** The form the inbox's row checkboxes belong to (their `form` attribute). */
export const BULK_FORM_ID = 'bulk'

export type BulkAnswer = {
  kind: string
  done: number
  refused: number
  results: ({ id: number; ok: true } | { id: number; ok: false; status: number; message: string })[]
}

/** A row's checkbox: the record its task decides, in the bulk form. */
export function BulkCheckbox({ id, subject }: { id: number; subject: string }) {
  return (
    <input
      type="checkbox"
      name="ids"
      value={id}
      form={BULK_FORM_ID}
      aria-label={`Select: ${subject}`}
      className="size-4"
    />
  )
}

/**
 * Approve or reject the ticked tasks of one kind: each goes through its own decision on the
 * server (with its maker-checker); while they run the bar says so, and the answer lists each
 * item's result. Payouts approved here go to the agency balance or settle clawbacks (bank payouts
 * go by payout batch).
 */
export function BulkDecisionBar({
  schema,
  kind,
  answer,
}: {
  schema: FormSchema
  kind: string
  answer: BulkAnswer | null
}) {
  const [form, fields] = useConformForm(schema, { intent: BULK_FORM_ID, id: BULK_FORM_ID })
  const navigation = useNavigation()
  const running = navigation.state === 'submitting' && navigation.formData?.get('intent') === BULK_FORM_ID
  const ticked = running ? navigation.formData?.getAll('ids').length : 0
  const errors = [...new Set([...(fields.ids?.errors ?? []), ...(form.errors ?? [])])]
  const name = BULK_ITEM_NAMES[kind] ?? 'Item'
  return (
    <section aria-label="Decide several" className="space-y-2 rounded-md border p-3">
      <ConformForm form={form} intent={BULK_FORM_ID} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="kind" value={kind} />
        <p className="text-sm text-muted-foreground">Tick tasks below, then decide them together.</p>
        <div className="space-y-1">
          <Label htmlFor="bulk-reason">Reason (for a rejection)</Label>
          <Input id="bulk-reason" name="reason" className="w-64" />
          <ErrorList id="bulk-reason-errors" errors={fields.reason?.errors} />
        </div>
        {kind === 'payout' ? (
          <div className="space-y-1">
            <Label htmlFor="bulk-payment-type">Pay approved payouts</Label>
            <Select id="bulk-payment-type" name="payment_type" defaultValue="AGENCY_BALANCE">
              <option value="AGENCY_BALANCE">To the agency balance</option>
              <option value="SETTLED_WITH_CLAWBACK">Settled with clawbacks</option>
            </Select>
          </div>
        ) : null}
        <SubmitButton name="decision" value="approve">
          Approve selected
        </SubmitButton>
        <SubmitButton name="decision" value="reject" variant="outline">
          Reject selected
        </SubmitButton>
      </ConformForm>
      <ErrorList id="bulk-errors" errors={errors} />
      {running ? (
        <p role="status">Deciding {ticked} tasks, each through its own decision…</p>
      ) : answer ? (
        <div role="status" className="space-y-1">
          <p>
            {answer.done} decided, {answer.refused} refused.
          </p>
          <ul className="list-disc pl-5 text-sm">
            {answer.results.map((r) => (
              <li key={r.id}>
                {BULK_ITEM_NAMES[answer.kind] ?? name} #{r.id}: {r.ok ? 'done' : `refused (${r.message})`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
