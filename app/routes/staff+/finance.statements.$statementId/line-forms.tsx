// The forms of a statement line on the statement page: confirm its match, assign it by a
// reference, split it into parts paying several records, or mark it not ours.
import {
  AssignLineSchema,
  SplitLineSchema,
  SPLIT_ROWS,
  StatementActionSchema,
} from '../../../utils/statement-forms.schemas'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../../components/forms'
import { formatCents } from '../../../utils/misc'

/** What the forms read of a line. */
export type LineView = {
  id: number
  amount_cents: number
  state: string
  parent_line_id: number | null
  target: { amount_cents: number; waiting?: boolean } | null
}

export function LineActions({ line }: { line: LineView }) {
  const confirm = `confirm:${line.id}`
  const notOurs = `not-ours:${line.id}`
  const [confirmForm] = useConformForm(StatementActionSchema, { intent: confirm })
  const [notOursForm] = useConformForm(StatementActionSchema, { intent: notOurs })
  const canConfirm = line.state === 'exact' || line.state === 'proposed' || line.state === 'assigned'
  const canDismiss = line.state !== 'confirmed' && line.state !== 'not_ours' && line.state !== 'split'
  const canAssign = (line.state === 'unmatched' || line.state === 'proposed') && line.amount_cents !== 0
  const canSplit = canAssign && line.amount_cents > 0 && line.parent_line_id === null
  return (
    <div className="flex flex-wrap items-start gap-2">
      {canAssign ? <AssignLine line={line} /> : null}
      {canSplit ? <SplitLine line={line} /> : null}
      {canConfirm ? (
        <ConformForm form={confirmForm} intent={confirm}>
          <SubmitButton size="sm">Confirm</SubmitButton>
          <ErrorList id={`${confirm}-errors`} errors={confirmForm.errors} />
        </ConformForm>
      ) : null}
      {canDismiss ? (
        <ConformForm form={notOursForm} intent={notOurs}>
          <SubmitButton size="sm" variant="outline">
            Not ours
          </SubmitButton>
          <ErrorList id={`${notOurs}-errors`} errors={notOursForm.errors} />
        </ConformForm>
      ) : null}
    </div>
  )
}

/**
 * A line paying a waiting premium short or over what it asks: what confirming it does (a part
 * payment, the rest still due; or the excess held in suspense).
 */
export function PaymentDifference({ line }: { line: LineView }) {
  const t = line.target
  if (!t?.waiting || line.state === 'confirmed' || line.amount_cents <= 0) return null
  const diff = line.amount_cents - t.amount_cents
  if (!diff) return null
  return (
    <p className="text-sm text-muted-foreground">
      {diff < 0
        ? `Short by ${formatCents(-diff)}: confirming takes it as a part payment; the rest stays due`
        : `Over by ${formatCents(diff)}: confirming pays the premium and holds the excess in suspense`}
    </p>
  )
}

/** Assign an unmatched (or wrongly proposed) line by the reference staff read: POL-…, TOPUP-…, INV-…, PB-…. */
function AssignLine({ line }: { line: LineView }) {
  const intent = `assign:${line.id}`
  const [form, fields] = useConformForm(AssignLineSchema, { intent })
  const id = `reference-${line.id}`
  return (
    <ConformForm form={form} intent={intent} className="flex flex-wrap items-start gap-1">
      <label htmlFor={id} className="sr-only">
        Reference of what line {line.id} pays
      </label>
      <input
        id={id}
        name={fields.reference.name}
        placeholder="POL-…, TOPUP-… or INV-…"
        className="h-9 w-36 rounded-md border border-input bg-background px-2 text-sm"
        aria-invalid={fields.reference.errors?.length ? true : undefined}
        aria-describedby={fields.reference.errors?.length ? `${id}-errors` : undefined}
      />
      <SubmitButton size="sm" variant="outline">
        Assign
      </SubmitButton>
      {/* The refusal names the field and the form alike: shown once. */}
      <ErrorList
        id={`${id}-errors`}
        errors={[...new Set([...(fields.reference.errors ?? []), ...(form.errors ?? [])])]}
      />
    </ConformForm>
  )
}

/**
 * Split a transfer that pays several records: a row per part, the reference of what it pays and
 * its amount; the parts add up to the line. Each part becomes a line of its own, confirmed alone.
 */
function SplitLine({ line }: { line: LineView }) {
  const intent = `split:${line.id}`
  const [form, fields] = useConformForm<{ parts: { reference: string; amount: string }[] }>(SplitLineSchema, {
    intent,
    defaultValue: { parts: Array.from({ length: SPLIT_ROWS }, () => ({ reference: '', amount: '' })) },
  })
  const rows = fields.parts.getFieldList()
  const rowErrors = rows.flatMap((r) => {
    const f = r.getFieldset()
    return [...(f.reference.errors ?? []), ...(f.amount.errors ?? [])]
  })
  return (
    <details className="w-full">
      <summary className="cursor-pointer text-sm text-primary">Split</summary>
      <ConformForm form={form} intent={intent} className="mt-2 space-y-2">
        <p className="text-sm text-muted-foreground">
          The parts add up to {formatCents(line.amount_cents)}; leave rows you do not need blank.
        </p>
        {rows.map((row, i) => {
          const f = row.getFieldset()
          const id = `split-${line.id}-${i}`
          return (
            <div key={row.key} className="flex flex-wrap items-center gap-1">
              <label htmlFor={`${id}-reference`} className="sr-only">
                Part {i + 1} reference
              </label>
              <input
                id={`${id}-reference`}
                name={f.reference.name}
                placeholder={`Part ${i + 1}: POL-…, TOPUP-… or INV-…`}
                className="h-9 w-44 rounded-md border border-input bg-background px-2 text-sm"
                aria-invalid={f.reference.errors?.length ? true : undefined}
              />
              <label htmlFor={`${id}-amount`} className="sr-only">
                Part {i + 1} amount
              </label>
              <input
                id={`${id}-amount`}
                name={f.amount.name}
                inputMode="decimal"
                placeholder="Amount"
                className="h-9 w-28 rounded-md border border-input bg-background px-2 text-sm"
                aria-invalid={f.amount.errors?.length ? true : undefined}
              />
            </div>
          )
        })}
        <SubmitButton size="sm" variant="outline">
          Split line
        </SubmitButton>
        <ErrorList
          id={`${intent}-errors`}
          errors={[...new Set([...rowErrors, ...(fields.parts.errors ?? []), ...(form.errors ?? [])])]}
        />
      </ConformForm>
    </details>
  )
}
