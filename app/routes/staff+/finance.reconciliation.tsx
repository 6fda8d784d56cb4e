import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { findReconciliationRuns } from '../../../domain/finance/reconciliation/find-reconciliation-runs'
import { ReconciliationRunsQuerySchema } from '../../../domain/finance/reconciliation/reconciliation-runs'
import {
  RECONCILIATION_CHECK_LABELS,
  type ReconciliationCheck,
} from '../../../domain/finance/reconciliation/reconciliation.rules'
import { runReconciliation } from '../../../domain/finance/reconciliation/run-reconciliation'
import { parseId } from '../../../domain/shared/fields'
import { DataTable } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { ConformForm, ErrorList, useConformForm } from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { listParams, readForm, submitForm } from '../../utils/forms.server'
import { iso } from '../../utils/finance-lists.server'
import { formatDateTime, formatMoney } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

/** Figure names as people read them (the stored keys are the columns compared). */
const FIGURE_LABELS: Record<string, string> = {
  balance: 'Balance',
  ledger_total: 'Ledger sum',
  last_entry_balance: 'Last ledger row',
  bnpl_remaining: 'BNPL remaining',
  bnpl_allowance: 'BNPL allowance',
  bnpl_ledger_total: 'BNPL ledger sum',
  expected_remaining: 'Expected remaining',
  sub_total: 'Sub-total',
  total_amount_due: 'Total due',
  line_items_total: 'Line items',
  tax_total: 'Tax',
  line_items_tax: 'Line items tax',
  completed_payments: 'Completed payments',
  total_outstanding_amount: 'Outstanding',
  expected_outstanding: 'Expected outstanding',
}

/** The reconciliation runs (newest first, 10 a page); `?run=<id>` picks the one shown in full. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findReconciliationRuns.access)
  const params = listParams(request)
  const parsed = ReconciliationRunsQuerySchema.safeParse({ page: params.page, perPage: '10' })
  const input = parsed.success ? parsed.data : { page: 1, perPage: 10 }
  const r = await findReconciliationRuns({ actor, input })
  const runs = r.items.map((run) => ({
    ...run,
    started_at: iso(run.started_at),
    finished_at: run.finished_at ? iso(run.finished_at) : null,
  }))
  const wanted = parseId(params.run)
  const shown = runs.find((run) => run.id === wanted) ?? runs[0] ?? null
  return { runs, pageInfo: r.pageInfo, shown }
}

/** "Run now": a form of one button (no fields), Conform over this schema as the action parses it. */
const RunNowSchema = z.object({})

/**
 * "Run now": runs the reconciliation and comes back to this page showing the new run (a toast
 * says whether the books agree); a refusal answers on the form.
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, runReconciliation.access)
  const formData = await readForm(request)
  const back = new URL(request.url).pathname
  return submitForm(formData, RunNowSchema, async () => {
    const run = await runReconciliation({ actor })
    return redirectWithToast(`${back}?run=${run.id}`, {
      type: run.mismatch_count ? 'error' : 'success',
      title: run.mismatch_count
        ? `Reconciliation #${run.id}: ${run.mismatch_count} mismatch${run.mismatch_count === 1 ? '' : 'es'}`
        : `Reconciliation #${run.id}: the books agree`,
    })
  })
}

/** Who ran it: the stored actor label without its kind ('Oshc:ann@…' -> 'ann@…'). */
const who = (trigger: string) => trigger.replace(/^Oshc:/, '')

type Data = ReturnType<typeof useLoaderData<typeof loader>>
type Run = Data['runs'][number]
type Mismatch = Run['mismatches'][number]

function Figures({ figures }: { figures: Record<string, number> }) {
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-3 text-sm">
      {Object.entries(figures).map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{FIGURE_LABELS[k] ?? k}</dt>
          <dd className="text-right tabular-nums">{formatMoney(v)}</dd>
        </div>
      ))}
    </dl>
  )
}

function LastRun({ run }: { run: Run }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Run #{run.id}{' '}
          {run.mismatch_count ? (
            <Badge variant="destructive">
              {run.mismatch_count} mismatch{run.mismatch_count === 1 ? '' : 'es'}
            </Badge>
          ) : (
            <Badge variant="success">Books agree</Badge>
          )}
        </CardTitle>
        <CardDescription>
          {formatDateTime(run.started_at)} ·{' '}
          {run.trigger === 'schedule' ? 'nightly schedule' : `run by ${who(run.trigger)}`} ·{' '}
          {run.agencies_checked} agencies and {run.invoices_checked} invoices checked
        </CardDescription>
      </CardHeader>
      <CardContent>
        {run.mismatch_count > run.mismatches.length ? (
          <p className="mb-2 text-sm text-muted-foreground">
            The first {run.mismatches.length} of {run.mismatch_count} mismatches are listed.
          </p>
        ) : null}
        <DataTable
          caption={`Mismatches of run ${run.id}`}
          rows={run.mismatches}
          pageInfo={{
            page: 1,
            perPage: Math.max(1, run.mismatches.length),
            total: run.mismatches.length,
            totalPages: 1,
          }}
          getRowKey={(m: Mismatch) =>
            `${m.check}-${m.agency_id ?? ''}-${m.invoice_id ?? ''}-${m.account ?? ''}`
          }
          emptyText="Every balance, BNPL allowance and invoice agrees with its ledger."
          columns={[
            {
              key: 'agency',
              header: 'Agency',
              cell: (m: Mismatch) =>
                m.agency_id === null ? (
                  m.agency_name
                ) : (
                  <Link to={`/staff/agencies/${m.agency_id}`} className="text-primary hover:underline">
                    {m.agency_name}
                  </Link>
                ),
            },
            {
              key: 'invoice',
              header: 'Invoice',
              cell: (m: Mismatch) =>
                m.invoice_id ? (
                  <Link
                    to={`/staff/finance/invoices/${m.invoice_id}`}
                    className="text-primary hover:underline"
                  >
                    #{m.invoice_id}
                  </Link>
                ) : (
                  '—'
                ),
            },
            {
              key: 'check',
              header: 'Check',
              cell: (m: Mismatch) => RECONCILIATION_CHECK_LABELS[m.check as ReconciliationCheck] ?? m.check,
            },
            { key: 'message', header: 'What disagrees', cell: (m: Mismatch) => m.message },
            { key: 'figures', header: 'Figures', cell: (m: Mismatch) => <Figures figures={m.figures} /> },
          ]}
        />
      </CardContent>
    </Card>
  )
}

/** The "Run now" button; a refusal shows under it. */
function RunNowForm() {
  const [form] = useConformForm(RunNowSchema)
  const busy = useNavigation().state === 'submitting'
  return (
    <ConformForm form={form} className="space-y-1">
      <Button type="submit" disabled={busy}>
        {busy ? 'Running…' : 'Run now'}
      </Button>
      <ErrorList id={form.errorId} errors={form.errors} />
    </ConformForm>
  )
}

export default function StaffFinanceReconciliation() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Every night at 02:00 each agency&apos;s balance and BNPL allowance are checked against their
          ledgers, and every invoice against its line items and payments.
        </p>
        <RunNowForm />
      </div>
      {data.shown ? <LastRun run={data.shown} /> : <p>No reconciliation has run yet.</p>}
      <DataTable
        caption="Reconciliation runs"
        rows={data.runs}
        pageInfo={data.pageInfo}
        getRowKey={(r: Run) => r.id}
        emptyText="No reconciliation has run yet."
        columns={[
          {
            key: 'id',
            header: 'Run',
            cell: (r: Run) => (
              <Link to={`?run=${r.id}&page=${data.pageInfo.page}`} className="text-primary hover:underline">
                #{r.id}
              </Link>
            ),
          },
          { key: 'started_at', header: 'Started', cell: (r: Run) => formatDateTime(r.started_at) },
          {
            key: 'trigger',
            header: 'By',
            cell: (r: Run) => (r.trigger === 'schedule' ? 'Schedule' : who(r.trigger)),
          },
          {
            key: 'agencies',
            header: 'Agencies',
            className: 'text-right',
            cell: (r: Run) => r.agencies_checked,
          },
          {
            key: 'invoices',
            header: 'Invoices',
            className: 'text-right',
            cell: (r: Run) => r.invoices_checked,
          },
          {
            key: 'mismatches',
            header: 'Mismatches',
            className: 'text-right',
            cell: (r: Run) => r.mismatch_count,
          },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
