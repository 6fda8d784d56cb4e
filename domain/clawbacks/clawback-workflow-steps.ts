// The steps of the clawback workflow (its activities call these): load the clawback, open the
// inbox task of the current wait, remind, apply a staff decision. Each checks the database first,
// so retries change nothing twice. (A commission payout's offsets: offset-clawbacks-by-payout.ts.)
import { and, eq } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { agencies, clawbacks, financeRequestHistories, policies } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { financeTeamEmail } from '../shared/config'
import { invalidTransition, notFound } from '../shared/errors'
import { formatCents } from '../shared/format'
import { financeRecipient } from '../mail/finance-mails'
import { notify } from '../notifications/notify'
import { closeWorkflowTasks, syncWorkflowTasks } from '../tasks/workflow-tasks'
import { remindOnce } from '../tasks/remind-once'
import { assertNotMaker } from '../finance/finance-guards'
import { agencyClawbackPath, recordClawbackHistory, staffClawbackPath } from './clawback-history'
import { completeClawbackPayment, rejectClawbackPayment } from './clawback-payment-decision'
import {
  METHOD_LABELS,
  statusAfter,
  type ClawbackDecision,
  type ClawbackMethod,
  type ClawbackState,
} from './clawbacks.rules'
import { sharedStepDeps, type StepDeps } from '../shared/step-deps'

type ClawbackRow = typeof clawbacks.$inferSelect

export const clawbackStateOf = (c: ClawbackRow): ClawbackState => ({
  clawbackId: c.id,
  agencyId: c.agency_id,
  policyId: c.policy_id,
  status: c.status,
  method: c.clawback_method,
  outstandingCents: c.outstanding_amount,
  amountCents: c.clawback_commission_amount,
})

async function clawbackWithPolicy(db: DbOrTx, clawbackId: number) {
  const [row] = await db
    .select({
      c: clawbacks,
      ref: policies.ref,
      agencyName: agencies.full_company_name,
      agencyEmail: agencies.email,
      financeEmail: agencies.finance_comms_email,
    })
    .from(clawbacks)
    .innerJoin(policies, eq(policies.id, clawbacks.policy_id))
    .innerJoin(agencies, eq(agencies.id, clawbacks.agency_id))
    .where(eq(clawbacks.id, clawbackId))
  if (!row) throw notFound('Clawback')
  return row
}

export async function loadClawbackState(clawbackId: number, { db }: Pick<StepDeps, 'db'> = sharedStepDeps()) {
  return clawbackStateOf((await clawbackWithPolicy(db, clawbackId)).c)
}

/**
 * The inbox task of the current wait: the agency's `clawback-payment` while INITIATED or REJECTED,
 * the staff's `clawback-decision` while REQUESTED (only a COMMISSION clawback with something
 * outstanding waits for a payout, not for staff: no task). Idempotent.
 */
export async function openClawbackTask(
  input: { clawbackId: number; workflowId: string; status?: string; dueInMs: number },
  { db, clock }: Pick<StepDeps, 'db' | 'clock'> = sharedStepDeps(),
) {
  const r = await clawbackWithPolicy(db, input.clawbackId)
  const c = r.c
  if (input.status && c.status !== input.status) return
  const dueAt = new Date(clock.now().getTime() + input.dueInMs)
  if (c.status === 'COMPLETED') return syncWorkflowTasks(input.workflowId, null)
  if (c.status === 'REQUESTED') {
    if (c.clawback_method === 'COMMISSION') return syncWorkflowTasks(input.workflowId, null)
    return syncWorkflowTasks(input.workflowId, {
      kind: 'clawback-decision',
      audience: 'staff',
      subject: `Verify the clawback payment of ${formatCents(c.outstanding_amount)} on policy ${r.ref} (${METHOD_LABELS[c.clawback_method ?? 'BANK']})`,
      agencyId: c.agency_id,
      link: staffClawbackPath(c.policy_id),
      dueAt,
      amount: c.outstanding_amount,
    })
  }
  return syncWorkflowTasks(input.workflowId, {
    kind: 'clawback-payment',
    audience: 'agency',
    subject: `Pay back ${formatCents(c.outstanding_amount)} of commission on policy ${r.ref}`,
    agencyId: c.agency_id,
    link: agencyClawbackPath(c.policy_id),
    dueAt,
    amount: c.outstanding_amount,
  })
}

export async function closeClawbackTasks(input: { workflowId: string }) {
  await closeWorkflowTasks(input.workflowId, 'completed')
}

type ReminderInput = {
  clawbackId: number
  workflowId: string
  phase: 'payment' | 'decision'
  escalate: boolean
  key: string
}

/**
 * A deadline passed: while waiting for the agency's payment, a reminder to the agency (mail and
 * notification), or the escalation to staff finance; while waiting for staff, a reminder then an
 * escalation to staff finance. A history row (staff-only for staff nudges). Once per `key`.
 */
export async function remindClawback(
  input: ReminderInput,
  { db, mail }: Pick<StepDeps, 'db' | 'mail'> = sharedStepDeps(),
) {
  const r = await clawbackWithPolicy(db, input.clawbackId)
  const c = r.c
  const waitingFor = input.phase === 'payment' ? ['INITIATED', 'REJECTED'] : ['REQUESTED']
  if (!waitingFor.includes(c.status)) return
  const nudge = clawbackNudge(r, input)
  await remindOnce(
    {
      key: input.key,
      workflowId: input.workflowId,
      escalate: input.escalate,
      history: {
        table: financeRequestHistories,
        of: and(
          eq(financeRequestHistories.request_type, 'CLAWBACK'),
          eq(financeRequestHistories.request_id, c.id),
        ),
      },
      record: (tx) => recordClawbackNudge(tx, c, input, nudge),
      mail: { to: nudge.to, what: nudge.what, path: nudge.path },
    },
    { db, mail },
  )
}

type Nudge = ReturnType<typeof clawbackNudge>

/** Who a reminder goes to (the agency, or staff finance), what it says and the page it links to. */
function clawbackNudge(r: Awaited<ReturnType<typeof clawbackWithPolicy>>, input: ReminderInput) {
  const c = r.c
  const toAgency = input.phase === 'payment' && !input.escalate
  const agencyName = r.agencyName ?? r.agencyEmail
  const what =
    input.phase === 'payment'
      ? toAgency
        ? `the clawback of ${formatCents(c.outstanding_amount)} on policy ${r.ref} is waiting for your payment`
        : `the clawback of ${formatCents(c.outstanding_amount)} on policy ${r.ref} of ${agencyName} is still unpaid`
      : `the clawback payment of ${formatCents(c.outstanding_amount)} on policy ${r.ref} of ${agencyName} is waiting for a decision`
  const path = toAgency ? agencyClawbackPath(c.policy_id) : staffClawbackPath(c.policy_id)
  const to = toAgency
    ? financeRecipient({ email: r.agencyEmail, finance_comms_email: r.financeEmail })
    : financeTeamEmail()
  return { toAgency, what, path, to }
}

/** The reminder's history row (its `meta.key`) and notification, in the reminder's transaction. */
async function recordClawbackNudge(tx: Tx, c: ClawbackRow, input: ReminderInput, nudge: Nudge) {
  const { toAgency, what } = nudge
  await recordClawbackHistory(tx, {
    clawbackId: c.id,
    agencyId: c.agency_id,
    action: input.escalate ? 'ESCALATED' : 'REMINDER_SENT',
    actor: `workflow:${input.workflowId}`,
    note: what,
    agencyVisible: toAgency,
    meta: { key: input.key, phase: input.phase },
  })
  await notify(
    tx,
    {
      eventType: input.escalate ? 'CLAWBACK_ESCALATED' : 'CLAWBACK_REMINDER',
      title: input.escalate
        ? 'Clawback escalated'
        : toAgency
          ? 'Clawback waiting for payment'
          : 'Clawback waiting',
      message: what,
      link: nudge.path,
      meta: { clawback_id: c.id, policy_id: c.policy_id },
    },
    toAgency ? { agencyId: c.agency_id } : { staffPermission: 'finance' },
  )
}

/**
 * Applies a staff decision in one transaction (the activity of the `decide` update). The clawback
 * must be REQUESTED; one already at the decision's outcome is answered as it is (a retried
 * activity), anything else is refused (409). Maker-checker: whoever initiated it may not decide.
 * The decision itself is rejectClawbackPayment or completeClawbackPayment (clawback-payment-decision.ts).
 *
 * Approve -> COMPLETED (clawback_completed_at, receipt, policy CLAWBACK_COMPLETED, its CLAWBACK
 * invoice paid through recordInvoicePayment). BANK: the transfer came in, posted from the bank
 * clearing account to the policy's clawback account (no ledger row). AGENCY_BALANCE: the balance
 * was debited when the agency paid (CLAWBACK_PAYMENT), reserved until now: posted. BANKED_COMMISSION:
 * netted now against banked commission (see netBankedCommission). COMMISSION: only a payout settles
 * it (refused while something is outstanding). Reject -> REJECTED with the reason, payable again;
 * an AGENCY_BALANCE payment is given back (CLAWBACK_PAYMENT credit, its reservation voided). Both notify the agency.
 */
export async function applyClawbackDecision(
  input: { clawbackId: number; decision: ClawbackDecision },
  deps: StepDeps = sharedStepDeps(),
): Promise<ClawbackState> {
  const { clawbackId, decision } = input
  const staff: StaffActor = {
    kind: 'Oshc',
    identityId: decision.by.identityId,
    userId: decision.by.userId,
    email: decision.by.email,
    permissions: new Set(),
  }
  const target = statusAfter(decision)
  const row = await deps.db.transaction(async (tx) => {
    const [c] = await tx.select().from(clawbacks).where(eq(clawbacks.id, clawbackId)).for('update')
    if (!c) throw notFound('Clawback')
    if (c.status === target) return c
    if (c.status !== 'REQUESTED')
      throw invalidTransition(
        `This clawback is ${c.status}; only a clawback the agency has paid (REQUESTED) can be decided`,
      )
    assertNotMaker(staff.identityId, c)
    const [policy] = await tx.select().from(policies).where(eq(policies.id, c.policy_id)).for('update')
    const ctx = {
      tx,
      c,
      policy,
      staff,
      now: deps.clock.now(),
      method: (c.clawback_method ?? 'BANK') as ClawbackMethod,
      amount: c.outstanding_amount,
    }
    return decision.kind === 'reject'
      ? rejectClawbackPayment(ctx, decision.rejection_reason)
      : completeClawbackPayment(ctx)
  })
  return clawbackStateOf(row)
}
