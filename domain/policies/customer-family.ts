import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { customerDependants, customerPartners } from '../../db/schema'
import { DomainError } from '../shared/errors'
import { familyErrors, type PolicyTypeKey } from './policies.rules'
import type { DependantInput, PartnerInput } from './customer.schemas'

/** Replaces the partner and dependants of a customer. */
export async function writeFamily(
  tx: DbOrTx,
  customerId: number,
  partner: PartnerInput | null,
  dependants: DependantInput[],
) {
  await tx.delete(customerPartners).where(eq(customerPartners.customer_id, customerId))
  await tx.delete(customerDependants).where(eq(customerDependants.customer_id, customerId))
  if (partner) {
    await tx.insert(customerPartners).values({
      customer_id: customerId,
      title: partner.title,
      gender: partner.gender,
      first_name: partner.first_name,
      last_name: partner.last_name,
      dob: partner.dob,
      passport_number: partner.passport_number ?? null,
      country_id: partner.country_id ?? null,
    })
  }
  if (dependants.length) {
    await tx.insert(customerDependants).values(
      dependants.map((d) => ({
        customer_id: customerId,
        title: d.title,
        first_name: d.first_name,
        last_name: d.last_name,
        gender: d.gender,
        dob: d.dob,
        relationship: d.relationship,
        passport_number: d.passport_number ?? null,
      })),
    )
  }
}

/** Who a customer has entered: partner yes/no and the number of dependants. */
export async function familyOf(tx: DbOrTx, customerId: number) {
  const [partner] = await tx
    .select({ id: customerPartners.customer_id })
    .from(customerPartners)
    .where(eq(customerPartners.customer_id, customerId))
  const deps = await tx
    .select({ id: customerDependants.id })
    .from(customerDependants)
    .where(eq(customerDependants.customer_id, customerId))
  return { hasPartner: !!partner, dependants: deps.length }
}

/** The family rule as a 400 with the field errors. */
export function assertFamilyFits(
  policyType: PolicyTypeKey,
  people: { hasPartner: boolean; dependants: number },
) {
  const errors = familyErrors(policyType, people)
  const first = Object.values(errors)[0]?.[0]
  if (first) throw new DomainError('VALIDATION', first, errors)
}
