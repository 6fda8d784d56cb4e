import { and, desc, eq, sql } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { preparedRead } from '../../db/prepared'
import { customers, policies } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'

export type PolicyRow = typeof policies.$inferSelect

export type CustomerRow = typeof customers.$inferSelect

/** Another agency's record is "not found" (tenant isolation). */
function assertSameTenant(actor: Actor, agencyId: number, what: string) {
  if (isStaff(actor)) return
  if (isAgencySide(actor) && actor.agencyId === agencyId) return
  throw notFound(what)
}

export async function loadCustomer(actor: Actor, customerId: number, tx: DbOrTx = getDb()) {
  const [c] = await tx.select().from(customers).where(eq(customers.id, customerId))
  if (!c) throw notFound('Customer')
  assertSameTenant(actor, c.agency_id, 'Customer')
  return c
}

const policyById = preparedRead('policy_by_id', (db) =>
  db
    .select()
    .from(policies)
    .where(eq(policies.id, sql.placeholder('id'))),
)

export async function loadPolicy(actor: Actor, policyId: number, tx: DbOrTx = getDb()) {
  const [p] = await policyById({ id: policyId }, tx)
  if (!p) throw notFound('Policy')
  assertSameTenant(actor, p.agency_id, 'Policy')
  return p
}

/** The policy a customer call acts on: `policyId` when given (it must be the customer's), else the newest. */
export async function policyOfCustomer(customerId: number, policyId: number | undefined, tx: DbOrTx) {
  const where = policyId
    ? and(eq(policies.customer_id, customerId), eq(policies.id, policyId))
    : eq(policies.customer_id, customerId)
  const [p] = await tx.select().from(policies).where(where).orderBy(desc(policies.id)).limit(1)
  if (!p) throw notFound('Policy')
  return p
}
