// The amended details of a policy: what an amendment keeps apart from the policy (`data`), the
// policy's current details in the same shape (`previous_data`), the field-by-field changes between
// them, and applying them to the policy and its customer when the new certificate is uploaded.
import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { customerDependants, customerPartners, customers, type policies } from '../../db/schema'
import { withoutGst } from '../quotes/pricing.rules'
import { customerValues } from '../policies/customer-columns'
import { writeFamily } from '../policies/customer-family'
import { writeCustomer } from '../policies/customer-record'
import type { PricedColumns } from '../policies/policy-pricing'
import type { PolicyRow } from '../policies/policy-loading'
import type { UpdateStudentDetailsInput } from '../policies/policies.schemas'

/** The student, family and quote of a policy (the shape of updateStudentDetails, without policy_id). */
export type AmendmentDetails = Pick<
  UpdateStudentDetailsInput,
  'customer' | 'partner' | 'family_members' | 'policy'
>

/** What `amendments.data` holds: the new details and the policy columns they price to. */
export type AmendmentData = AmendmentDetails & { priced: PricedColumns | null }

const PARTNER_KEYS = [
  'title',
  'gender',
  'first_name',
  'last_name',
  'dob',
  'passport_number',
  'country_id',
] as const
const DEPENDANT_KEYS = [
  'title',
  'first_name',
  'last_name',
  'gender',
  'dob',
  'relationship',
  'passport_number',
] as const
const POLICY_KEYS = [
  'insurance_provider_id',
  'policy_type',
  'start_date',
  'end_date',
  'is_policy_number_available',
  'policy_number',
] as const

const pick = (row: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, row[k] ?? null]))

/** The policy's current details, in the shape of AmendmentDetails. */
export async function currentDetails(tx: DbOrTx, policy: PolicyRow): Promise<AmendmentDetails> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, policy.customer_id))
  const [partner] = await tx
    .select()
    .from(customerPartners)
    .where(eq(customerPartners.customer_id, policy.customer_id))
  const dependants = await tx
    .select()
    .from(customerDependants)
    .where(eq(customerDependants.customer_id, policy.customer_id))
    .orderBy(asc(customerDependants.id))
  return {
    customer: customerValues(customer as unknown as Record<string, unknown>) as AmendmentDetails['customer'],
    partner: partner ? (pick(partner, PARTNER_KEYS) as AmendmentDetails['partner']) : null,
    family_members: dependants.map((d) => pick(d, DEPENDANT_KEYS)) as AmendmentDetails['family_members'],
    policy: pick(policy, POLICY_KEYS) as AmendmentDetails['policy'],
  }
}

export type FieldChange = { field: string; before: unknown; after: unknown }

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** Every field that differs between two sets of details, named like `customer.first_name`. */
export function detailChanges(before: AmendmentDetails, after: AmendmentDetails): FieldChange[] {
  const out: FieldChange[] = []
  const customerAfter = customerValues(after.customer as Record<string, unknown>)
  const customerBefore = before.customer as Record<string, unknown>
  for (const [k, v] of Object.entries(customerAfter)) {
    if (!same(customerBefore[k], v))
      out.push({ field: `customer.${k}`, before: customerBefore[k] ?? null, after: v ?? null })
  }
  const pb = before.partner ? pick(before.partner, PARTNER_KEYS) : null
  const pa = after.partner ? pick(after.partner, PARTNER_KEYS) : null
  if (!same(pb, pa)) {
    if (!pb || !pa) out.push({ field: 'partner', before: pb, after: pa })
    else
      for (const k of PARTNER_KEYS)
        if (!same(pb[k], pa[k])) out.push({ field: `partner.${k}`, before: pb[k], after: pa[k] })
  }
  const fb = before.family_members.map((d) => pick(d, DEPENDANT_KEYS))
  const fa = after.family_members.map((d) => pick(d, DEPENDANT_KEYS))
  if (!same(fb, fa)) out.push({ field: 'family_members', before: fb, after: fa })
  const polB = before.policy as Record<string, unknown>
  const polA = pick(after.policy, POLICY_KEYS)
  for (const k of POLICY_KEYS)
    if (!same(polB[k], polA[k])) out.push({ field: `policy.${k}`, before: polB[k] ?? null, after: polA[k] })
  return out
}

/** Which halves changed: the student and family (personal), or the cover (policy). */
export function changedHalves(changes: FieldChange[]) {
  return {
    is_personal_details_changed: changes.some((c) => !c.field.startsWith('policy.')),
    is_policy_details_changed: changes.some((c) => c.field.startsWith('policy.')),
  }
}

const PREMIUM_COLUMNS = [
  'premium',
  'premium_without_gst',
  'premium_before_discount',
  'commission_rate',
  'gst_rate',
] as const

/**
 * Writes an amendment's details onto the policy (locked by the caller) and its customer in `tx`:
 * customer columns, partner and dependants, cover and the confirmed premium. Answers every field
 * that changed with its value before and after (details and premium columns), for the history.
 */
export async function applyDetails(
  tx: DbOrTx,
  policy: PolicyRow,
  data: AmendmentData,
  newPremium: number,
): Promise<{ changes: FieldChange[]; set: Partial<typeof policies.$inferInsert> }> {
  const before = await currentDetails(tx, policy)
  const changes = detailChanges(before, data)
  await writeCustomer(tx, policy.customer_id, data.customer)
  await writeFamily(tx, policy.customer_id, data.partner, data.family_members)
  const gst = data.priced?.gst_rate ?? policy.gst_rate ?? '0'
  const set: Partial<typeof policies.$inferInsert> = {
    ...(data.priced ?? {}),
    premium: newPremium,
    premium_without_gst: withoutGst(newPremium, gst),
    premium_before_discount: data.priced?.premium_before_discount ?? newPremium,
  }
  const policyRow = policy as unknown as Record<string, unknown>
  for (const k of PREMIUM_COLUMNS) {
    const after = (set as Record<string, unknown>)[k]
    if (after !== undefined && !same(policyRow[k], after))
      changes.push({ field: `policy.${k}`, before: policyRow[k] ?? null, after })
  }
  return { changes, set }
}
