// Opening an amendment (initiateAmendment, updateStudentDetails with amendment_note,
// handlePolicyAmendment): the new details kept apart from the policy, repriced by the server.
import { assertNoOpenClawback } from '../clawbacks/open-clawback'
import { and, eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { amendments, commissions } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { conflict, isUniqueViolation } from '../shared/errors'
import { formatCents } from '../shared/format'
import { fromCents } from '../shared/money'
import { amendmentProcess } from './amendment-process'
import { notify } from '../notifications/notify'
import { percentOf } from '../quotes/pricing.rules'
import { lockPolicyFor, recordPolicyHistory } from '../policies/policy-history'
import { loadPolicy } from '../policies/policy-loading'
import { pricedColumns } from '../policies/policy-pricing'
import { assertFamilyFits } from '../policies/customer-family'
import {
  changedHalves,
  currentDetails,
  detailChanges,
  type AmendmentData,
  type AmendmentDetails,
} from './amendment-data'
import { staffAmendmentPath, type AmendmentRow } from './amendment-loading'
import { premiumColumns } from './amendment-steps'

export const NOTHING_CHANGES_MSG = 'Nothing changes: the details and the premium are those of the policy'

/** The answer of an opening call: old and new price (AUD) and the amendment's id. */
export function presentOpening(a: AmendmentRow) {
  return {
    amendment_id: a.id,
    policyId: a.policy_id,
    old_premium: fromCents(a.prev_premium),
    new_premium: fromCents(a.new_premium),
    changed_premium: fromCents(a.changed_premium),
    prev_commission: fromCents(a.prev_commission),
    new_commission: fromCents(a.new_commission),
    payer: a.payer,
    is_premium_increase: a.is_premium_increase,
    is_personal_details_changed: a.is_personal_details_changed,
    is_policy_details_changed: a.is_policy_details_changed,
    status: a.status,
    next_step: a.next_step,
    // The AMENDMENT invoice is created when staff confirm a premium that rises.
    invoice_id: a.invoice_id,
  }
}

/**
 * Opens an amendment of a paid policy in one transaction: 404 for another agency's policy, 409
 * when the policy is not paid, another amendment is open (amendments_one_open_idx backs the
 * check) or nothing changes. The premium is repriced from the new details (DESIGN.md section 5),
 * or `premium` (cents, staff) when given; payer AGENCY when it rises, OSHC when it falls. History
 * on the policy, staff notified; after commit the `amendment-<id>` workflow starts.
 */
export async function openAmendment(opts: Opening) {
  const { actor } = opts
  const found = await loadPolicy(actor, opts.policyId)
  let row: AmendmentRow
  try {
    row = await getDb().transaction(async (tx) => {
      const policy = await lockPolicyFor(tx, found.id, 'initiateAmendment')
      await assertNoOpenAmendment(tx, policy.id)
      // A lower premium may claw back commission; one clawback at a time.
      await assertNoOpenClawback(tx, policy.id, 'the policy is amended')
      const draft = await draftAmendment(tx, policy, opts)
      const a = await insertAmendment(tx, policy, opts, draft)
      await announceOpening(tx, policy, opts, a, draft)
      return a
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Another amendment of this policy is still open')
    throw err
  }
  await amendmentProcess().start(row.id)
  return presentOpening(row)
}

type Opening = {
  actor: Actor
  policyId: number
  details: AmendmentDetails | null
  premium?: number | null
  note?: string | null
}
type Policy = Awaited<ReturnType<typeof lockPolicyFor>>
type Draft = Awaited<ReturnType<typeof draftAmendment>>

/** The new details beside the current ones, repriced; 409 when neither they nor the premium change. */
async function draftAmendment(tx: DbOrTx, policy: Policy, opts: Opening) {
  const previous = await currentDetails(tx, policy)
  const next = opts.details ?? previous
  const people = { hasPartner: !!next.partner, dependants: next.family_members.length }
  if (opts.details) assertFamilyFits(next.policy.policy_type, people)
  const priced = opts.details ? (await pricedColumns(tx, policy.agency_id, next.policy, people)).set : null
  const data: AmendmentData = { ...next, priced }
  const prevPremium = policy.premium ?? 0
  const newPremium = opts.premium ?? priced?.premium ?? prevPremium
  const changes = detailChanges(previous, next)
  if (!changes.length && newPremium === prevPremium) throw conflict(NOTHING_CHANGES_MSG)
  return { previous, data, prevPremium, newPremium, changes }
}

/** The commission the policy pays now: its commission row, else its rate on the premium. */
async function currentCommission(tx: DbOrTx, policy: Policy) {
  const [commission] = await tx
    .select({ amount: commissions.amount })
    .from(commissions)
    .where(eq(commissions.policy_id, policy.id))
  return commission?.amount ?? percentOf(policy.premium_without_gst ?? 0, policy.commission_rate ?? '0')
}

async function insertAmendment(tx: DbOrTx, policy: Policy, opts: Opening, d: Draft) {
  const { actor } = opts
  const identity = 'identityId' in actor ? actor.identityId : null
  const prevCommission = await currentCommission(tx, policy)
  const [a] = await tx
    .insert(amendments)
    .values({
      policy_id: policy.id,
      agency_id: policy.agency_id,
      data: d.data,
      previous_data: d.previous,
      prev_premium: d.prevPremium,
      prev_commission: prevCommission,
      ...premiumColumns(d.prevPremium, d.data, policy, d.newPremium),
      note: opts.note ?? null,
      ...changedHalves(d.changes),
      initiated_agency_user_id: isAgencySide(actor) ? identity : null,
      initiated_oshc_user_id: isStaff(actor) ? actor.userId : null,
      created_by: identity,
      // A premium given by staff is their figure (maker-checker of the confirm step).
      premium_set_by: isStaff(actor) && opts.premium != null ? identity : null,
    })
    .returning()
  return a
}

/** The policy's history row and the staff notification of the opening. */
async function announceOpening(tx: DbOrTx, policy: Policy, opts: Opening, a: AmendmentRow, d: Draft) {
  const what = `Amendment #${a.id} opened: premium ${formatCents(d.prevPremium)} -> ${formatCents(a.new_premium)}, ${d.changes.length} field(s) changed`
  await recordPolicyHistory(tx, {
    policyId: policy.id,
    action: 'AMENDMENT_INITIATED',
    actor: opts.actor,
    note: opts.note ? `${what}: ${opts.note}` : what,
    meta: { amendment_id: a.id, old_premium: d.prevPremium, new_premium: a.new_premium, changes: d.changes },
  })
  await notify(
    tx,
    {
      eventType: 'AMENDMENT_INITIATED',
      title: `Amendment of policy ${policy.ref}`,
      message: `${what}. Confirm the premium.`,
      link: staffAmendmentPath(policy.id),
      meta: { amendment_id: a.id, policy_id: policy.id },
    },
    { staffPermission: 'policy_management' },
  )
}

/** 409 while an amendment of the policy is open: one at a time, and a refund waits for it. */
export async function assertNoOpenAmendment(tx: DbOrTx, policyId: number) {
  const [open] = await tx
    .select({ id: amendments.id })
    .from(amendments)
    .where(and(eq(amendments.policy_id, policyId), eq(amendments.is_open, true)))
  if (open) throw conflict(`Amendment #${open.id} of this policy is still open`)
}
