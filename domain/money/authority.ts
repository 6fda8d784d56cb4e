// The one authority for money (DESIGN.md §14, issue 22): a credit to an agency that comes from a
// staff decision is posted only when the person deciding holds `finance` and neither made nor last
// changed the record. The journal's writer (journal.ts) applies it to every transfer it records or
// posts, so a use case that forgets its own maker-checker check is still refused.
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { identities, oshcPermissions, oshcRolePermissions, oshcUsers } from '../../db/schema'
import type { MoneyAccountKind } from '../../db/schema/journal'
import type { Actor, StaffActor } from '../shared/actor'
import { assertFinanceStaff, assertNotMaker } from '../finance/finance-guards'
import { parseAccount } from './accounts'

/**
 * The staff decision a transfer comes from: `by` is the person deciding, `makers` the identity ids
 * that made or last changed the record decided on (created_by, updated_by, whoever set a figure).
 * A transfer without one is the agency's own act, a gateway's or a workflow's; it is not checked.
 */
export type MoneyDecision = {
  by: Actor
  makers: Array<number | null | undefined>
}

/**
 * The agency-owned accounts whose credit is value for the agency: its spendable balance, the
 * commission owed to it and the buy-now-pay-later credit it has used (a credit gives allowance
 * back, as a BNPL settlement's approval or an amendment's reduction does). Its settlement account
 * is not one: it only holds what the agency itself paid until the decision moves it on.
 */
export const AGENCY_CREDIT_KINDS: ReadonlySet<MoneyAccountKind> = new Set<MoneyAccountKind>([
  'agency_balance',
  'agency_commission_payable',
  'agency_bnpl_used',
])

/** Whether crediting `code` gives an agency something (an account of AGENCY_CREDIT_KINDS). */
export const creditsAgency = (code: string) => AGENCY_CREDIT_KINDS.has(parseAccount(code).kind)

/**
 * THE rule: a transfer that carries a staff `decision` and credits an agency (creditsAgency) is
 * refused unless `decision.by` is staff holding `finance` (403 "You do not have permission to do
 * this", as assertFinanceStaff) who is not among `decision.makers` (403 MAKER_CHECKER_MSG, as
 * assertNotMaker). Nobody is exempt, not even the Super Admin. Pure: no database, so the writer
 * checks every transfer before it writes anything.
 */
export function assertMoneyAuthority(t: { credit: string; decision?: MoneyDecision | null }) {
  if (!t.decision || !creditsAgency(t.credit)) return
  const { by, makers } = t.decision
  assertFinanceStaff(by)
  for (const maker of makers) if (maker != null) assertNotMaker(by.identityId, { created_by: maker })
}

/** A staff member as they are now (enabled, with their role's permissions), read in `tx`; else null. */
export async function staffAsNow(tx: DbOrTx, identityId: number): Promise<StaffActor | null> {
  const [u] = await tx
    .select({
      userId: oshcUsers.id,
      roleId: oshcUsers.role_id,
      status: oshcUsers.status,
      email: identities.email,
    })
    .from(oshcUsers)
    .innerJoin(identities, eq(identities.id, oshcUsers.identity_id))
    .where(eq(oshcUsers.identity_id, identityId))
  if (!u || u.status !== 'ENABLED') return null
  const perms = u.roleId
    ? await tx
        .select({ name: oshcPermissions.name })
        .from(oshcRolePermissions)
        .innerJoin(oshcPermissions, eq(oshcPermissions.id, oshcRolePermissions.permission_id))
        .where(eq(oshcRolePermissions.role_id, u.roleId))
    : []
  return {
    kind: 'Oshc',
    identityId,
    userId: u.userId,
    email: u.email,
    permissions: new Set(perms.map((p) => p.name)),
  }
}
