import { eq } from 'drizzle-orm'
import { getDb, type Tx } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { invalidTransition } from '../../shared/errors'
import { companyStepResult, type COMPANY_STEPS } from '../agencies.rules'
import { recordAgencyHistory } from '../agency-history'
import { assertAgencyAccess } from '../agency-access'
import { presentAgency } from '../agency-presenter'
import { notifyWorkflow } from './workflow-signal'

type Step = keyof typeof COMPANY_STEPS

/** Runs one company-detail step in a transaction: access, order, write, status, history. */
export async function runStep(actor: Actor, agencyId: number, step: Step, write: (tx: Tx) => Promise<void>) {
  const db = getDb()
  const result = await db.transaction(async (tx) => {
    await assertAgencyAccess(actor, agencyId, tx)
    const [agency] = await tx.select().from(agencies).where(eq(agencies.id, agencyId)).for('update')
    const next = companyStepResult(step, agency)
    if ('reason' in next) throw invalidTransition(next.reason)
    await write(tx)
    const [updated] = await tx
      .update(agencies)
      .set({ status: next.status })
      .where(eq(agencies.id, agencyId))
      .returning()
    await recordAgencyHistory(tx, {
      agencyId,
      action: `COMPANY_${step.toUpperCase()}_SAVED`,
      actor: actorLabel(actor),
      from: agency.status,
      to: next.status,
    })
    return { updated, changed: agency.status !== next.status }
  })
  if (result.changed) await notifyWorkflow(agencyId)
  return presentAgency(result.updated)
}
