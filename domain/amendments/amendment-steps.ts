// The steps of the amendment workflow (its activities call these): load the amendment, open the
// inbox task of the current wait, remind; a decision is applied in amendment-decision.ts. Each
// checks the database first, so a retried activity changes nothing twice.
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { agencies, amendments, policies, policyHistories } from '../../db/schema'
import { config } from '../shared/config'
import { notFound } from '../shared/errors'
import { formatCents } from '../shared/format'
import { notify } from '../notifications/notify'
import { remindOnce } from '../tasks/remind-once'
import { syncWorkflowTasks } from '../tasks/workflow-tasks'
import { recordPolicyHistory } from '../policies/policy-history'
import { percentOf, withoutGst } from '../quotes/pricing.rules'
import {
  agencyAmendmentPath,
  amendmentStateOf,
  staffAmendmentPath,
  type AmendmentRow,
} from './amendment-loading'
import type { AmendmentData } from './amendment-data'
import { PHASE_AUDIENCE, PHASE_LABELS, payerOf, type AmendmentPhase } from './amendments.rules'
import { sharedStepDeps, type StepDeps } from '../shared/step-deps'
import { processKeys } from '../shared/process-keys.rules'

/** The workflow (and inbox task owner) of an amendment; the contract builds the same id. */
export const amendmentWorkflowKey = processKeys.amendment

async function withPolicy(db: DbOrTx, amendmentId: number) {
  const [row] = await db
    .select({
      a: amendments,
      ref: policies.ref,
      agencyName: agencies.full_company_name,
      agencyEmail: agencies.email,
    })
    .from(amendments)
    .innerJoin(policies, eq(policies.id, amendments.policy_id))
    .innerJoin(agencies, eq(agencies.id, amendments.agency_id))
    .where(eq(amendments.id, amendmentId))
  if (!row) throw notFound('Amendment')
  return { ...row, agencyName: row.agencyName ?? row.agencyEmail }
}

export async function loadAmendmentState(
  amendmentId: number,
  { db }: Pick<StepDeps, 'db'> = sharedStepDeps(),
) {
  return amendmentStateOf((await withPolicy(db, amendmentId)).a)
}

function taskSubject(phase: AmendmentPhase, a: AmendmentRow, ref: string, agencyName: string) {
  const premiums = `${formatCents(a.prev_premium)} -> ${formatCents(a.new_premium)}`
  switch (phase) {
    case 'CONFIRM_PREMIUM_BY_ADMIN':
      return `Confirm the amended premium of policy ${ref} for ${agencyName} (${premiums})`
    case 'CONFIRM_PREMIUM_BY_AGENCY':
      return `Accept or withdraw the amendment of policy ${ref} (${premiums})`
    case 'PAYMENT':
      return `Pay ${formatCents(a.payable_amount)} for the amendment of policy ${ref}`
    case 'PAYMENT_APPROVAL':
      return `Verify the amendment payment of ${formatCents(a.payable_amount)} on policy ${ref} for ${agencyName}`
    default:
      return `Upload the new certificate of amended policy ${ref} for ${agencyName}`
  }
}

/** Opens the inbox task of the amendment's current wait (closing any other); idempotent. */
export async function openAmendmentTask(
  input: { amendmentId: number; workflowId: string; dueInMs: number },
  { db, clock }: Pick<StepDeps, 'db' | 'clock'> = sharedStepDeps(),
) {
  const { a, ref, agencyName } = await withPolicy(db, input.amendmentId)
  const state = amendmentStateOf(a)
  const audience = PHASE_AUDIENCE[state.phase]
  if (!audience) return syncWorkflowTasks(input.workflowId, null)
  await syncWorkflowTasks(input.workflowId, {
    kind: `amendment_${state.phase.toLowerCase()}`,
    audience,
    subject: taskSubject(state.phase, a, ref, agencyName),
    agencyId: a.agency_id,
    link: audience === 'staff' ? staffAmendmentPath(a.policy_id) : agencyAmendmentPath(a.policy_id),
    dueAt: new Date(clock.now().getTime() + input.dueInMs),
    amount: state.phase === 'PAYMENT' || state.phase === 'PAYMENT_APPROVAL' ? a.payable_amount : null,
  })
}

/**
 * A wait passed its deadline: a reminder to whoever acts (history row, notification, mail); the
 * second time an escalation to staff (task marked escalated). Once per `key`. Nothing when the
 * amendment has moved on; answers its state either way.
 */
export async function remindAmendment(
  input: { amendmentId: number; workflowId: string; phase: AmendmentPhase; escalate: boolean; key: string },
  { db, mail }: Pick<StepDeps, 'db' | 'mail'> = sharedStepDeps(),
) {
  const { a, ref, agencyName, agencyEmail } = await withPolicy(db, input.amendmentId)
  const state = amendmentStateOf(a)
  if (state.phase !== input.phase) return state
  const audience = PHASE_AUDIENCE[state.phase]
  if (!audience) return state
  const what = `the amendment #${a.id} of policy ${ref} (${agencyName}) waits for: ${PHASE_LABELS[state.phase]}`
  const toStaff = input.escalate || audience === 'staff'
  const path = toStaff ? staffAmendmentPath(a.policy_id) : agencyAmendmentPath(a.policy_id)
  const staffPermission = state.phase === 'PAYMENT_APPROVAL' ? 'finance' : 'policy_management'
  await remindOnce(
    {
      key: input.key,
      workflowId: input.workflowId,
      escalate: input.escalate,
      history: { table: policyHistories, of: eq(policyHistories.policy_id, a.policy_id) },
      record: async (tx) => {
        await recordPolicyHistory(tx, {
          policyId: a.policy_id,
          action: input.escalate ? 'AMENDMENT_ESCALATED' : 'AMENDMENT_REMINDER_SENT',
          actor: `workflow:${input.workflowId}`,
          note: what,
          meta: { amendment_id: a.id, key: input.key, phase: state.phase },
        })
        await notify(
          tx,
          {
            eventType: input.escalate ? 'AMENDMENT_ESCALATED' : 'AMENDMENT_REMINDER',
            title: input.escalate ? 'Amendment escalated' : 'Amendment waiting',
            message: what,
            link: path,
            meta: { amendment_id: a.id, policy_id: a.policy_id },
          },
          toStaff ? { staffPermission } : { agencyId: a.agency_id },
        )
      },
      mail: { to: toStaff ? config().STAFF_TEAM_EMAIL : agencyEmail, what, path },
    },
    { db, mail },
  )
  return state
}

/** The commission at `premium` (cents) at the amendment's rates (its repricing, else the policy's). */
function commissionAt(
  data: AmendmentData,
  policy: { gst_rate: string | null; commission_rate: string | null },
  premium: number,
) {
  const gst = data.priced?.gst_rate ?? policy.gst_rate ?? '0'
  const rate = data.priced?.commission_rate ?? policy.commission_rate ?? '0'
  return percentOf(withoutGst(premium, gst), rate)
}

/** The premium-dependent columns of an amendment at `premium` (cents) against `prevPremium`. */
export function premiumColumns(
  prevPremium: number,
  data: AmendmentData,
  policy: { gst_rate: string | null; commission_rate: string | null },
  premium: number,
) {
  const changed = premium - prevPremium
  return {
    new_premium: premium,
    new_commission: commissionAt(data, policy, premium),
    changed_premium: changed,
    payable_amount: Math.abs(changed),
    payer: payerOf(changed),
    is_premium_increase: changed > 0,
  }
}
