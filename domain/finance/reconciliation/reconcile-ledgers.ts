import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { reconciliationRuns } from '../../../db/schema'
import type { sendMail } from '../../mail/mailer'
import type { Clock } from '../../shared/clock'
import { config, financeTeamEmail } from '../../shared/config'
import { closeTasksByPrefix, syncWorkflowTasks } from '../../tasks/workflow-tasks'
import { agencyMismatches } from './agency-checks'
import { invoiceMismatches } from './invoice-checks'
import { journalMismatches, processMismatches, remittanceMismatches } from './journal-checks'
import { MAX_STORED_MISMATCHES, type ReconciliationMismatch } from './reconciliation-runs'
import { RECONCILIATION_CHECK_LABELS } from './reconciliation.rules'
import { staffLinks } from '../../shared/links'

const DAY_MS = 86_400_000
/** How many mismatches the alert mail spells out (the screen shows them all). */
const MAIL_LINES = 20

export const reconciliationTaskId = (runId: number) => `reconciliation-${runId}`
export const RECONCILIATION_PATH = staffLinks.reconciliation

type ReconcileDeps = { db: Db; mail: typeof sendMail; clock: Clock; trigger: string }

/** Every check, in one consistent snapshot (repeatable read, read only), with what was checked. */
function checkLedgers(db: Db) {
  return db.transaction(
    async (tx) => {
      const [{ agencies, invoices }] = (
        await tx.execute<{ agencies: number; invoices: number }>(
          sql`select (select count(*) from agencies)::int as agencies, (select count(*) from invoices)::int as invoices`,
        )
      ).rows
      const mismatches = [
        ...(await agencyMismatches(tx)),
        ...(await invoiceMismatches(tx)),
        ...(await journalMismatches(tx)),
        ...(await processMismatches(tx)),
        ...(await remittanceMismatches(tx)),
      ]
      return { agencies, invoices, mismatches }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

function alertMail(runId: number, mismatches: ReconciliationMismatch[], total: number) {
  const lines = mismatches
    .slice(0, MAIL_LINES)
    .map(
      (m) =>
        `- ${m.agency_name}${m.agency_id === null ? '' : ` (agency #${m.agency_id})`}: ${RECONCILIATION_CHECK_LABELS[m.check]}: ${m.message}`,
    )
  const more = total > lines.length ? [`…and ${total - lines.length} more.`] : []
  const url = new URL(RECONCILIATION_PATH, config().APP_URL).toString()
  return {
    subject: `Ledger reconciliation #${runId} found ${total} mismatch${total === 1 ? '' : 'es'}`,
    text: [
      `The ledger reconciliation #${runId} found figures that disagree with their ledgers:`,
      ...lines,
      ...more,
      `Open the reconciliation: ${url}`,
    ].join('\n'),
  }
}

/** A run's mismatches open its staff task (due in a day) and mail the finance team once, keyed by run. */
async function alertMismatches(
  deps: ReconcileDeps,
  runId: number,
  mismatches: ReconciliationMismatch[],
  at: Date,
) {
  const agencyIds = [...new Set(mismatches.map((m) => m.agency_id))].filter((id) => id !== null)
  await syncWorkflowTasks(reconciliationTaskId(runId), {
    kind: 'reconciliation',
    audience: 'staff',
    subject: `Ledger reconciliation #${runId}: ${mismatches.length} mismatch${mismatches.length === 1 ? '' : 'es'} to investigate`,
    agencyId: agencyIds.length === 1 ? agencyIds[0] : null,
    link: RECONCILIATION_PATH,
    dueAt: new Date(at.getTime() + DAY_MS),
  })
  await deps.mail(
    { to: financeTeamEmail(), ...alertMail(runId, mismatches, mismatches.length) },
    { idempotencyKey: `reconciliation-${runId}` },
  )
}

/**
 * The ledger reconciliation (schedule `ledger-reconciliation`, nightly; staff can run it now).
 * For every agency at once, in one consistent snapshot: balance = the sum of its balance ledger
 * and = the balance after its last row; BNPL remaining = allowance + the sum of its BNPL ledger
 * (the allowance itself is set by the agency configuration without a ledger row); for every
 * invoice: sub_total and total_amount_due = its line items, tax_total = their tax, a PAID /
 * OVER_PAID invoice is covered by COMPLETED payments, and outstanding = max(0, due - paid) unless
 * cancelled; the money journal (ADR 0013): the trial balance is zero, every account's columns
 * are the sums of its transfers, each agency's balance and BNPL used equal its journal accounts,
 * each policy's premium received = premiums paid less refunded by its records, and each agency's
 * commission payable = its commission banked and not paid out.
 * Writes a reconciliation_runs row with every mismatch and its figures (cents); any
 * mismatch opens the staff task `reconciliation-<runId>` and mails the finance team once (keyed by
 * run). A new run closes the tasks of older runs: its own task carries the current figures.
 */
export async function reconcileLedgers(deps: ReconcileDeps) {
  const startedAt = deps.clock.now()
  const found = await checkLedgers(deps.db)
  const { mismatches } = found
  const [run] = await deps.db
    .insert(reconciliationRuns)
    .values({
      started_at: startedAt,
      finished_at: deps.clock.now(),
      agencies_checked: found.agencies,
      invoices_checked: found.invoices,
      mismatch_count: mismatches.length,
      mismatches: mismatches.slice(0, MAX_STORED_MISMATCHES),
      trigger: deps.trigger,
    })
    .returning()
  // The new run's own task carries the current figures: older runs' tasks close.
  await closeTasksByPrefix(deps.db, 'reconciliation-', reconciliationTaskId(run.id), 'closed', startedAt)
  if (mismatches.length) await alertMismatches(deps, run.id, mismatches, startedAt)
  return run
}
