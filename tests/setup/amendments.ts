// Fixtures of the amendment tests: an agency with a paid policy, the amended details of that policy
// (a rise: SINGLE -> COUPLE; a fall: a shorter cover), and the rows to assert on.
import { and, asc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { amendments, policies, policyHistories, tasks } from '../../db/schema'
import { currentDetails } from '../../domain/amendments/amendment-data'
import { UpdateStudentDetailsSchema } from '../../domain/policies/policies.schemas'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { agencyWithBanked } from './payouts'
import { eventually } from './eventually'

export type AmendKind = 'rise' | 'fall' | 'rename'

/** An active agency with one paid SINGLE policy (nib, 2027-02-01..2028-01-31, commission banked). */
export async function paidPolicy() {
  const a = await agencyWithBanked(1)
  return { ...a, policy: a.policies[0] }
}

/** The updateStudentDetails input that amends `policyId`: a rise, a fall or a new first name only. */
export async function amendedInput(policyId: number, kind: AmendKind, note = 'Student asked for a change') {
  const [policy] = await getDb().select().from(policies).where(eq(policies.id, policyId))
  const d = await currentDetails(getDb(), policy)
  const input = {
    policy_id: policyId,
    amendment_note: note,
    customer: { ...d.customer, first_name: kind === 'rename' ? 'Renamed' : d.customer.first_name },
    partner: kind === 'rise' ? { first_name: 'Sam', last_name: 'Partner', dob: '2003-01-02' } : d.partner,
    family_members: d.family_members,
    policy: {
      ...d.policy,
      policy_type: kind === 'rise' ? 'COUPLE' : d.policy.policy_type,
      end_date: kind === 'fall' ? '2027-07-31' : d.policy.end_date,
    },
  }
  return UpdateStudentDetailsSchema.parse(input)
}

export async function amendmentRow(id: number) {
  const [row] = await getDb().select().from(amendments).where(eq(amendments.id, id))
  return row
}

export async function policyRow(id: number) {
  const [row] = await getDb().select().from(policies).where(eq(policies.id, id))
  return row
}

/** Waits until the workflow of amendment `id` has an open task of `kind`. */
export async function openTask(id: number, kind: string) {
  return eventually(async () => {
    const [t] = await getDb()
      .select()
      .from(tasks)
      .where(
        and(eq(tasks.workflow_id, `amendment-${id}`), eq(tasks.kind, kind), sql`${tasks.closed_at} is null`),
      )
    return t
  }, `open task ${kind} of amendment ${id}`)
}

export async function amendmentHistory(policyId: number) {
  return getDb()
    .select()
    .from(policyHistories)
    .where(eq(policyHistories.policy_id, policyId))
    .orderBy(asc(policyHistories.id))
}

/** Money on the agency balance (a top-up, as approveTopup posts it). */
export async function fundAgency(agencyId: number, cents: number) {
  await getDb().transaction((tx) =>
    postBalanceEntry(tx, { agencyId, type: 'AGENCY_TOPUP', amount: cents, actor: 'test' }),
  )
}
