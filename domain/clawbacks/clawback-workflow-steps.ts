// The steps of the clawback workflow (its activities call these): load the clawback, open the
// inbox task of the current wait, remind, apply a staff decision. Each checks the database first,
// so retries change nothing twice. (A commission payout's offsets: offset-clawbacks-by-payout.ts.)
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { agencies, clawbacks, commissions, financeRequestHistories, policies } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { isoDate } from '../shared/clock'
import { financeTeamEmail } from '../shared/config'
import { conflict, invalidTransition, notFound } from '../shared/errors'
import { formatCents } from '../shared/format'
import { financeRecipient } from '../mail/finance-mails'
import { notify } from '../notifications/notify'
import { closeWorkflowTasks, syncWorkflowTasks } from '../tasks/workflow-tasks'
import { followPolicy } from '../policies/policy-history'
import { recordInvoicePayment } from '../finance/invoice-payments'
import { postBalanceEntry } from '../finance/ledger'
import { remindOnce } from '../tasks/remind-once'
import { pendingClawbackPayment, postClawbackBankPayment, postClawbackPayment } from './clawback-money'
import { assertNotMaker } from '../finance/finance-guards'
import { agencyClawbackPath, recordClawbackHistory, staffClawbackPath } from './clawback-history'
import {
  METHOD_LABELS,
  netAgainstBanked,
  statusAfter,
  type ClawbackDecision,
  type ClawbackMethod,
  type ClawbackState,
} from './clawbacks.rules'
import { BANKED_COMMISSION_STATUSES } from '../finance/finance.rules'
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

/**
 * A deadline passed: while waiting for the agency's payment, a reminder to the agency (mail and
 * notification), or the escalation to staff finance; while waiting for staff, a reminder then an
 * escalation to staff finance. A history row (staff-only for staff nudges). Once per `key`.
 */
export async function remindClawback(
  input: {
    clawbackId: number
    workflowId: string
    phase: 'payment' | 'decision'
    escalate: boolean
    key: string
  },
  { db, mail }: Pick<StepDeps, 'db' | 'mail'> = sharedStepDeps(),
) {
  const r = await clawbackWithPolicy(db, input.clawbackId)
  const c = r.c
  const waitingFor = input.phase === 'payment' ? ['INITIATED', 'REJECTED'] : ['REQUESTED']
  if (!waitingFor.includes(c.status)) return
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
      record: async (tx) => {
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
            link: path,
            meta: { clawback_id: c.id, policy_id: c.policy_id },
          },
          toAgency ? { agencyId: c.agency_id } : { staffPermission: 'finance' },
        )
      },
      mail: { to, what, path },
    },
    { db, mail },
  )
}

const receiptOf = (id: number, at: Date) => `CB-${id}-${isoDate(at).replaceAll('-', '')}`

/**
 * Nets `amount` against the agency's COMMISSION_BANKED commissions, taken whole and oldest first
 * (BANKED_COMMISSION): the used commissions become PAID; the balance ledger shows them credited
 * (COMMISSION_RECEIVED, their whole amount) and the clawback debited (CLAWBACK_PAYMENT), so the
 * agency keeps what was left over. 409 when the banked commission does not cover `amount`.
 */
async function netBankedCommission(
  tx: DbOrTx,
  c: ClawbackRow,
  amount: number,
  actor: StaffActor | string,
  now: Date,
) {
  const banked = await tx
    .select({ id: commissions.id, amount: commissions.amount })
    .from(commissions)
    .where(
      and(
        eq(commissions.agency_id, c.agency_id),
        inArray(commissions.status, [...BANKED_COMMISSION_STATUSES]),
      ),
    )
    .orderBy(asc(commissions.updated_at), asc(commissions.id))
    .for('update')
  const net = netAgainstBanked(amount, banked)
  if (net.short > 0)
    throw conflict(
      `Not enough banked commission to net this clawback: ${formatCents(net.usedTotal)} banked, ${formatCents(amount)} owed`,
    )
  for (const u of net.used)
    await tx.update(commissions).set({ status: 'PAID', updated_at: now }).where(eq(commissions.id, u.id))
  await postBalanceEntry(tx, {
    agencyId: c.agency_id,
    type: 'COMMISSION_RECEIVED',
    amount: net.usedTotal,
    actor,
    policyId: c.policy_id,
    invoiceId: c.invoice_id,
    note: `Banked commission #${net.used.map((u) => u.id).join(', #')} released to net clawback #${c.id}`,
  })
  const debit = await postBalanceEntry(tx, {
    agencyId: c.agency_id,
    type: 'CLAWBACK_PAYMENT',
    amount: -amount,
    actor,
    policyId: c.policy_id,
    invoiceId: c.invoice_id,
    note: `Clawback #${c.id} netted against banked commission`,
  })
  return { net, ledgerId: debit.id }
}

/**
 * Applies a staff decision in one transaction (the activity of the `decide` update). The clawback
 * must be REQUESTED; one already at the decision's outcome is answered as it is (a retried
 * activity), anything else is refused (409). Maker-checker: whoever initiated it may not decide.
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
    const now = deps.clock.now()
    const method = (c.clawback_method ?? 'BANK') as ClawbackMethod
    const amount = c.outstanding_amount
    const common = { decided_by: staff.identityId, updated_at: now }

    if (decision.kind === 'reject') {
      if (method === 'AGENCY_BALANCE' && amount > 0) {
        // The reservation is voided; a payment made before reservations is posted back.
        const key = await pendingClawbackPayment(tx, c)
        await postBalanceEntry(tx, {
          agencyId: c.agency_id,
          type: 'CLAWBACK_PAYMENT',
          amount,
          actor: staff,
          policyId: c.policy_id,
          invoiceId: c.invoice_id,
          clawbackId: c.id,
          note: `Clawback #${c.id} payment rejected: given back`,
          journal: key ? { release: key } : undefined,
        })
      }
      const [after] = await tx
        .update(clawbacks)
        .set({ status: 'REJECTED', rejection_reason: decision.rejection_reason, ...common })
        .where(eq(clawbacks.id, c.id))
        .returning()
      if (policy)
        await followPolicy(tx, policy, 'rejectClawback', {
          actor: staff,
          note: decision.rejection_reason,
          meta: { clawback_id: c.id },
        })
      await recordClawbackHistory(tx, {
        clawbackId: c.id,
        agencyId: c.agency_id,
        action: 'REJECTED',
        actor: staff,
        fromStatus: 'REQUESTED',
        toStatus: 'REJECTED',
        note: decision.rejection_reason,
        meta: { method, given_back: method === 'AGENCY_BALANCE' ? amount : 0 },
      })
      await closeWorkflowTasks(`clawback-${c.id}`, 'rejected', tx)
      await notify(
        tx,
        {
          eventType: 'CLAWBACK_REJECTED',
          title: `Clawback payment on policy ${policy?.ref ?? c.policy_id} rejected`,
          message: `${formatCents(amount)} (${METHOD_LABELS[method]}) was not accepted: ${decision.rejection_reason}. Please pay again.`,
          link: agencyClawbackPath(c.policy_id),
          meta: { clawback_id: c.id },
        },
        { agencyId: c.agency_id },
      )
      return after
    }

    if (method === 'COMMISSION' && amount > 0)
      throw invalidTransition(
        'This clawback is settled by the next commission payout (SETTLED_WITH_CLAWBACK); it cannot be approved before',
      )
    const receiptId = receiptOf(c.id, now)
    let ledgerId: number | null = null
    let netted: unknown = null
    if (method === 'BANKED_COMMISSION' && amount > 0) {
      const r = await netBankedCommission(tx, c, amount, staff, now)
      ledgerId = r.ledgerId
      netted = r.net.used
    }
    if (method === 'AGENCY_BALANCE' && amount > 0) await postClawbackPayment(tx, c)
    if (method === 'BANK' && amount > 0) await postClawbackBankPayment(tx, c, amount, staff, receiptId)
    if (c.invoice_id && amount > 0)
      await recordInvoicePayment(tx, {
        invoiceId: c.invoice_id,
        method: method === 'BANK' ? 'BANK' : 'AGENCY_BALANCE',
        amount,
        status: 'COMPLETED',
        actor: staff,
        ref: receiptId,
        notes: `Clawback #${c.id}: ${METHOD_LABELS[method]}`,
        meta: { clawback_id: c.id, method, bank_document: c.bank_document_url, ledger_id: ledgerId, netted },
      })
    const [after] = await tx
      .update(clawbacks)
      .set({
        status: 'COMPLETED',
        outstanding_amount: 0,
        receipt_id: receiptId,
        clawback_completed_at: now,
        ...common,
      })
      .where(eq(clawbacks.id, c.id))
      .returning()
    if (policy)
      await followPolicy(tx, policy, 'approveClawback', {
        actor: staff,
        note: `Clawback of ${formatCents(c.clawback_commission_amount)} settled (${METHOD_LABELS[method]}), receipt ${receiptId}`,
        meta: { clawback_id: c.id },
      })
    await recordClawbackHistory(tx, {
      clawbackId: c.id,
      agencyId: c.agency_id,
      action: 'APPROVED',
      actor: staff,
      fromStatus: 'REQUESTED',
      toStatus: 'COMPLETED',
      note: `${formatCents(amount)} ${METHOD_LABELS[method]}, receipt ${receiptId}`,
      meta: { amount, method, ledger_id: ledgerId, netted },
    })
    await closeWorkflowTasks(`clawback-${c.id}`, 'approved', tx)
    await notify(
      tx,
      {
        eventType: 'CLAWBACK_COMPLETED',
        title: `Clawback on policy ${policy?.ref ?? c.policy_id} settled`,
        message: `${formatCents(amount)} accepted (${METHOD_LABELS[method]}), receipt ${receiptId}`,
        link: agencyClawbackPath(c.policy_id),
        meta: { clawback_id: c.id },
      },
      { agencyId: c.agency_id },
    )
    return after
  })
  return clawbackStateOf(row)
}
