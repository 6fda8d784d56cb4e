import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { confirmExactMatches } from '../../../domain/finance/statements/confirm-exact-matches'
import { confirmStatementMatch } from '../../../domain/finance/statements/confirm-statement-match'
import { getBankStatement } from '../../../domain/finance/statements/get-bank-statement'
import { markStatementLineNotOurs } from '../../../domain/finance/statements/mark-statement-line-not-ours'
import { assignStatementLine } from '../../../domain/finance/statements/assign-statement-line'
import { AssignStatementLineSchema } from '../../../domain/finance/statements/statements.schemas'
import { parseId } from '../../../domain/shared/fields'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { formatCents, formatDate, formatDateTime } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

/** Every form of the page: a line's `confirm:<id>` or `not-ours:<id>`, or the statement's `confirm-exact`. */
const StatementActionSchema = z.object({
  intent: z
    .string({ error: 'Unknown action' })
    .regex(/^((confirm|not-ours):\d+|confirm-exact)$/, 'Unknown action'),
})
/** A line's `assign:<id>` form: the reference of what the line pays. */
const AssignLineSchema = AssignStatementLineSchema.extend({
  intent: z.string({ error: 'Unknown action' }).regex(/^assign:\d+$/, 'Unknown action'),
})

const STATE_LABELS: Record<string, string> = {
  unmatched: 'Unmatched',
  exact: 'Exact match',
  proposed: 'Proposed',
  assigned: 'Assigned',
  confirmed: 'Confirmed',
  not_ours: 'Not ours',
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getBankStatement.access, 'staff')
  const statementId = idFromParam(params.statementId, 'Bank statement')
  const s = await getBankStatement({ actor, statementId }).catch(throwAsResponse)
  return {
    statement: { ...s.statement, uploaded_at: s.statement.uploaded_at.toISOString() },
    totals: s.totals,
    counts: s.counts,
    lines: s.lines.map((l) => ({
      id: l.id,
      booked_on: l.booked_on,
      amount_cents: l.amount_cents,
      description: l.description,
      reference: l.reference,
      state: l.state,
      target: l.target,
      confirmed_at: l.confirmed_at?.toISOString() ?? null,
    })),
  }
}

/**
 * Confirm one line's match, mark it not ours, or confirm every exact match (each line through its
 * own verification; the page shows the per-line results). A refusal answers on the line's form.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, getBankStatement.access, 'staff')
  const statementId = idFromParam(params.statementId, 'Bank statement')
  const formData = await readForm(request)
  const back = `/staff/finance/statements/${statementId}`
  if (String(formData.get('intent') ?? '').startsWith('assign:'))
    return submitForm(formData, AssignLineSchema, async ({ intent, reference }) => {
      const lineId = parseId(intent.split(':')[1]) ?? 0
      await assignStatementLine({ actor, lineId, input: { reference } })
      return redirectWithToast(back, {
        type: 'success',
        title: `Line assigned to ${reference}`,
        description: 'Confirm it to verify the payment.',
      })
    })
  return submitForm(formData, StatementActionSchema, async ({ intent }) => {
    if (intent === 'confirm-exact') {
      const bulk = await confirmExactMatches({ actor, statementId })
      return { bulk }
    }
    const [verb, idText] = intent.split(':')
    const lineId = parseId(idText) ?? 0
    if (verb === 'confirm') {
      const done = await confirmStatementMatch({ actor, lineId })
      const part = 'policy' in done && done.policy.outcome === 'part'
      return redirectWithToast(back, {
        type: 'success',
        title: part ? 'Part payment recorded' : 'Match confirmed',
        description: part
          ? `${formatCents(done.policy.still_due_cents)} of the premium is still due.`
          : undefined,
      })
    }
    await markStatementLineNotOurs({ actor, lineId })
    return redirectWithToast(back, { type: 'success', title: 'Line marked not ours' })
  })
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>
type Line = Data['lines'][number]
type BulkResult = Awaited<ReturnType<typeof confirmExactMatches>>

function LineActions({ line }: { line: Line }) {
  const confirm = `confirm:${line.id}`
  const notOurs = `not-ours:${line.id}`
  const [confirmForm] = useConformForm(StatementActionSchema, { intent: confirm })
  const [notOursForm] = useConformForm(StatementActionSchema, { intent: notOurs })
  const canConfirm = line.state === 'exact' || line.state === 'proposed' || line.state === 'assigned'
  const canDismiss = line.state !== 'confirmed' && line.state !== 'not_ours'
  const canAssign = (line.state === 'unmatched' || line.state === 'proposed') && line.amount_cents !== 0
  return (
    <div className="flex flex-wrap items-start gap-2">
      {canAssign ? <AssignLine line={line} /> : null}
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
function PaymentDifference({ line }: { line: Line }) {
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
function AssignLine({ line }: { line: Line }) {
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

function Totals({ totals, counts }: { totals: Record<string, number>; counts: Record<string, number> }) {
  const matched = (totals.exact_cents ?? 0) + (totals.proposed_cents ?? 0) + (totals.assigned_cents ?? 0)
  const figures = [
    ['Credits', totals.credits_cents ?? 0, null],
    ['Confirmed', totals.confirmed_cents ?? 0, counts.confirmed],
    ['Matched, to confirm', matched, (counts.exact ?? 0) + (counts.proposed ?? 0) + (counts.assigned ?? 0)],
    ['Unmatched', totals.unmatched_cents ?? 0, counts.unmatched],
    ['Not ours', totals.not_ours_cents ?? 0, counts.not_ours],
    ['Debits', totals.debits_cents ?? 0, null],
  ] as const
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {figures.map(([label, cents, count]) => (
        <div key={label} className="rounded-md border p-3">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="font-semibold">{formatCents(cents)}</dd>
          {count !== null ? <dd className="text-xs text-muted-foreground">{count ?? 0} lines</dd> : null}
        </div>
      ))}
    </dl>
  )
}

function ConfirmExact({ count, bulk }: { count: number; bulk: BulkResult | null }) {
  const [form] = useConformForm(StatementActionSchema, { intent: 'confirm-exact' })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Confirm all exact matches</CardTitle>
        <CardDescription>
          Each exact line verifies its payment or top-up on its own; a refused line does not stop the others.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <ConformForm form={form} intent="confirm-exact">
          <SubmitButton disabled={count === 0}>
            Confirm {count} exact {count === 1 ? 'match' : 'matches'}
          </SubmitButton>
          <ErrorList id="confirm-exact-errors" errors={form.errors} />
        </ConformForm>
        {bulk ? (
          <div role="status" className="space-y-1">
            <p>
              {bulk.confirmed} confirmed, {bulk.refused} refused.
            </p>
            <ul className="list-disc pl-5 text-sm">
              {bulk.results.map((r) => (
                <li key={r.line_id}>
                  Line #{r.line_id}: {r.ok ? 'confirmed' : `refused (${r.message})`}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}

export default function StaffFinanceStatement() {
  const { statement, totals, counts, lines } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as { bulk?: BulkResult } | undefined
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link className="underline" to="/staff/finance/statements">
          All statements
        </Link>
      </p>
      <h3 className="text-lg font-semibold">
        {statement.file_name} · uploaded {formatDateTime(statement.uploaded_at)}
      </h3>
      <Totals totals={totals} counts={counts} />
      <ConfirmExact count={counts.exact ?? 0} bulk={answer?.bulk ?? null} />
      <Table aria-label="Statement lines">
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Description</TableHead>
            <TableHead>Reference</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>Match</TableHead>
            <TableHead>Matched to</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={l.id} id={`line-${l.id}`}>
              <TableCell>{formatDate(l.booked_on)}</TableCell>
              <TableCell>{l.description}</TableCell>
              <TableCell>{l.reference}</TableCell>
              <TableCell className="text-right">{formatCents(l.amount_cents)}</TableCell>
              <TableCell>
                <Badge variant="outline">{STATE_LABELS[l.state] ?? l.state}</Badge>
              </TableCell>
              <TableCell>
                {l.target
                  ? [l.target.label, l.target.agency, formatCents(l.target.amount_cents)]
                      .filter(Boolean)
                      .join(' · ')
                  : '—'}
                <PaymentDifference line={l} />
              </TableCell>
              <TableCell>{l.amount_cents > 0 || l.target ? <LineActions line={l} /> : null}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
