import { Gauge, Registry } from 'prom-client'
import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'

/**
 * The figures a finance operator watches, read from PostgreSQL when Prometheus scrapes: open
 * approvals, overdue invoices, unmatched statement lines, the last reconciliation, failed mails.
 * They are the same on every node, so one process per node reports them (the cluster's primary, or
 * the single web process), and METRICS_BUSINESS=off on all nodes but one keeps them single across
 * nodes.
 */
export function businessRegistry(): Registry {
  const registry = new Registry()
  const db = () => getDb()

  // One query feeds both task gauges; a scrape reads them side by side, so it is shared for 200 ms.
  type OpenTasks = { kind: string; audience: string; n: string; oldest: string }[]
  let openTasks: { at: number; rows: Promise<OpenTasks> } | undefined
  const loadOpenTasks = () => {
    if (!openTasks || Date.now() - openTasks.at > 200)
      openTasks = {
        at: Date.now(),
        rows: db()
          .execute<OpenTasks[number]>(
            sql`select kind, audience::text as audience, count(*) as n,
                       extract(epoch from now() - min(opened_at)) as oldest
                  from tasks where closed_at is null group by kind, audience`,
          )
          .then((r) => r.rows),
      }
    return openTasks.rows
  }
  const taskGauge = (name: string, help: string, value: (r: OpenTasks[number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind', 'audience'],
      registers: [registry],
      async collect() {
        const rows = await loadOpenTasks()
        this.reset()
        for (const r of rows) this.set({ kind: r.kind, audience: r.audience }, value(r))
      },
    })
  taskGauge(
    'oshc_open_approvals',
    'Inbox tasks waiting for a decision, by kind and audience (staff or agency)',
    (r) => Number(r.n),
  )
  taskGauge(
    'oshc_open_approval_oldest_age_seconds',
    'Age of the oldest inbox task waiting for a decision, by kind and audience',
    (r) => Math.max(0, Math.round(Number(r.oldest))),
  )
  new Gauge({
    name: 'oshc_overdue_invoices',
    help: 'Invoices marked OVERDUE (past their due date and not settled)',
    registers: [registry],
    async collect() {
      const { rows } = await db().execute<{ n: string }>(
        sql`select count(*) as n from invoices where status = 'OVERDUE'`,
      )
      this.set(Number(rows[0].n))
    },
  })
  new Gauge({
    name: 'oshc_unmatched_statement_lines',
    help: 'Bank statement lines matched to nothing yet (state unmatched)',
    registers: [registry],
    async collect() {
      const { rows } = await db().execute<{ n: string }>(
        sql`select count(*) as n from bank_statement_lines where state = 'unmatched'`,
      )
      this.set(Number(rows[0].n))
    },
  })
  // The nightly reconciliation (issue 28: "is the nightly reconciliation green"): its last finished
  // run's time (0: none yet) and what it found wrong; alert on age and on mismatches above 0.
  type LastRun = { finished: string | null; mismatches: number | null }
  const lastRun = async (): Promise<LastRun> =>
    (
      await db().execute<LastRun>(
        sql`select extract(epoch from finished_at) as finished, mismatch_count as mismatches
              from reconciliation_runs where finished_at is not null
             order by finished_at desc limit 1`,
      )
    ).rows[0] ?? { finished: null, mismatches: null }
  new Gauge({
    name: 'oshc_reconciliation_last_finished_timestamp_seconds',
    help: 'When the last ledger reconciliation run finished (Unix time; 0 when none has)',
    registers: [registry],
    async collect() {
      this.set(Number((await lastRun()).finished ?? 0))
    },
  })
  new Gauge({
    name: 'oshc_reconciliation_last_mismatches',
    help: 'Mismatches the last finished ledger reconciliation found (0 when none has run)',
    registers: [registry],
    async collect() {
      this.set(Number((await lastRun()).mismatches ?? 0))
    },
  })
  // Failed mails in the outbox: mails whose last sending attempt failed and that have not gone out
  // since (a workflow's retry takes its row over), and how long the oldest unsent mail has waited.
  type Unsent = { failed: string; oldest: string | null }
  const unsent = async (): Promise<Unsent> =>
    (
      await db().execute<Unsent>(
        sql`select count(*) filter (where failed_at is not null) as failed,
                   extract(epoch from now() - min(created_at)) as oldest
              from outbox_mails where sent_at is null`,
      )
    ).rows[0]
  new Gauge({
    name: 'oshc_outbox_failed_mails',
    help: 'Mails whose last sending attempt failed and that have not been sent since',
    registers: [registry],
    async collect() {
      this.set(Number((await unsent()).failed))
    },
  })
  new Gauge({
    name: 'oshc_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest mail not sent yet, failed or being sent (0 when every mail went out)',
    registers: [registry],
    async collect() {
      this.set(Math.max(0, Math.round(Number((await unsent()).oldest ?? 0))))
    },
  })
  return registry
}
