import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { confirmExactMatches } from '../../../../domain/finance/statements/confirm-exact-matches'
import { confirmStatementMatch } from '../../../../domain/finance/statements/confirm-statement-match'
import { getBankStatement } from '../../../../domain/finance/statements/get-bank-statement'
import { markStatementLineNotOurs } from '../../../../domain/finance/statements/mark-statement-line-not-ours'
import { assignStatementLine } from '../../../../domain/finance/statements/assign-statement-line'
import { splitStatementLine } from '../../../../domain/finance/statements/split-statement-line'
import { LineActions, PaymentDifference } from './line-forms'
import {
  AssignLineSchema,
  SplitLineSchema,
  StatementActionSchema,
} from '../../../utils/statement-forms.schemas'
import { parseId } from '../../../../domain/shared/fields'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../../components/forms'
import { Badge } from '../../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import { formatCents, formatDate, formatDateTime } from '../../../utils/misc'
import { requireAccess } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'

const STATE_LABELS: Record<string, string> = {
  unmatched: 'Unmatched',
  exact: 'Exact match',
  proposed: 'Proposed',
  assigned: 'Assigned',
  confirmed: 'Confirmed',
  not_ours: 'Not ours',
  split: 'Split into parts',
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
      parent_line_id: l.parent_line_id,
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
  if (String(formData.get('intent') ?? '').startsWith('split:'))
    return submitForm(formData, SplitLineSchema, async ({ intent, parts }) => {
      const lineId = parseId(intent.split(':')[1]) ?? 0
      const done = await splitStatementLine({ actor, lineId, input: { parts } })
      return redirectWithToast(back, {
        type: 'success',
        title: `Line split into ${done.parts.length} parts`,
        description: 'Confirm each part to verify what it pays.',
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

type BulkResult = Awaited<ReturnType<typeof confirmExactMatches>>

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
