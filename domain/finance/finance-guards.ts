import { and, desc, eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { agencies, policies, policyPremiumPayments } from '../../db/schema'
import { assertPermission, isAgencySide, isStaff, type Actor, type StaffActor } from '../shared/actor'
import { conflict, forbidden, notFound } from '../shared/errors'
import { MAKER_CHECKER_MSG } from './finance.rules'
import { sendMail } from '../mail/mailer'
import { financeRecipient } from '../mail/finance-mails'
import { logError } from '../shared/log'

/** Staff finance decisions: staff holding `finance`. */
export function assertFinanceStaff(actor: Actor): asserts actor is StaffActor {
  if (!isStaff(actor)) throw forbidden()
  assertPermission(actor, 'finance')
}

/** Finance reads: staff with finance, or the agency side with finance or purchase. */
export function assertFinanceReader(actor: Actor) {
  if (isStaff(actor)) return assertPermission(actor, 'finance')
  if (isAgencySide(actor)) return assertPermission(actor, 'finance', 'purchase')
  throw forbidden()
}

/**
 * A policy the actor may see (staff: any; agency side: its own, else 404), with its agency id.
 */
export async function loadVisiblePolicy(actor: Actor, policyId: number, tx: DbOrTx = getDb()) {
  const [row] = await tx
    .select({ id: policies.id, ref: policies.ref, agency_id: policies.agency_id, status: policies.status })
    .from(policies)
    .where(eq(policies.id, policyId))
  if (!row) throw notFound('Policy')
  if (isAgencySide(actor) && actor.agencyId !== row.agency_id) throw notFound('Policy')
  if (!isStaff(actor) && !isAgencySide(actor)) throw notFound('Policy')
  return row
}

/** Mails an agency's finance contact after commit; a failed mail is logged, never undoes the decision. */
export async function mailAgency(agencyId: number, mail: { subject: string; text: string }) {
  try {
    const [agency] = await getDb()
      .select({ email: agencies.email, finance_comms_email: agencies.finance_comms_email })
      .from(agencies)
      .where(eq(agencies.id, agencyId))
    if (!agency) return
    await sendMail({ to: financeRecipient(agency), ...mail })
  } catch (err) {
    logError('finance-mail', err, { agencyId })
  }
}

/** Escapes LIKE wildcards in user search text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A column of a streamed export (the same shape as api/export.server's ExportColumn). */
export type ExportColumnOf<T> = {
  header: string
  value: (row: T) => string | number | boolean | null | undefined
}

/**
 * Maker-checker (DESIGN.md section 3): whoever created or last changed a money record may not
 * approve it. Nobody is exempt, not even the Super Admin.
 */
export function assertNotMaker(
  identityId: number,
  record: { created_by?: number | null; updated_by?: number | null },
) {
  if (record.created_by === identityId || record.updated_by === identityId) throw forbidden(MAKER_CHECKER_MSG)
}

export const NO_PAYMENT_WAITING = 'This policy has no payment waiting for verification'

/** The newest REQUESTED premium payment of a policy, locked in `tx`; 409 when none waits. */
export async function lockWaitingPayment(tx: DbOrTx, policyId: number) {
  const [payment] = await tx
    .select()
    .from(policyPremiumPayments)
    .where(and(eq(policyPremiumPayments.policy_id, policyId), eq(policyPremiumPayments.status, 'REQUESTED')))
    .orderBy(desc(policyPremiumPayments.created_at), desc(policyPremiumPayments.id))
    .limit(1)
    .for('update')
  if (!payment) throw conflict(NO_PAYMENT_WAITING)
  return payment
}
