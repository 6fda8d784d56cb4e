import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { purchaseRules } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import type { DeletePurchaseRuleSchema } from '../agencies.schemas'
import { recordAgencyHistory } from '../agency-history'
import { assertAgencyAccess } from '../agency-access'
import { defineUseCase } from '../../shared/authorize'

/** deletePurchaseRule (staff). */
export const deletePurchaseRule = defineUseCase(
  { staff: ['agency_management'] },
  async function deletePurchaseRule(opts: { actor: Actor; input: z.infer<typeof DeletePurchaseRuleSchema> }) {
    await assertAgencyAccess(opts.actor, opts.input.agency_id)
    const db = getDb()
    await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(purchaseRules)
        .where(
          and(
            eq(purchaseRules.id, opts.input.purchase_rule_id),
            eq(purchaseRules.agency_id, opts.input.agency_id),
          ),
        )
        .returning({ id: purchaseRules.id })
      if (!deleted.length) throw notFound('Purchase rule')
      await recordAgencyHistory(tx, {
        agencyId: opts.input.agency_id,
        action: 'PURCHASE_RULE_DELETED',
        actor: actorLabel(opts.actor),
        meta: { id: deleted[0].id },
      })
    })
    return { id: opts.input.purchase_rule_id }
  },
)
