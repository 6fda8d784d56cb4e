import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import type { CardSurchargeSchema } from '../agencies.schemas'
import { recordAgencyHistory } from '../agency-history'
import { assertAgencyAccess } from '../agency-access'
import { defineUseCase } from '../../shared/authorize'

/** updateAgencyCardSurcharge (staff finance). */
export const updateAgencyCardSurcharge = defineUseCase(
  { staff: ['finance'] },
  async function updateAgencyCardSurcharge(opts: {
    actor: Actor
    input: z.infer<typeof CardSurchargeSchema>
  }) {
    await assertAgencyAccess(opts.actor, opts.input.agency_id)
    await getDb().transaction(async (tx) => {
      await tx
        .update(agencies)
        .set({ is_card_surcharge_enabled: opts.input.is_card_surcharge_enabled })
        .where(eq(agencies.id, opts.input.agency_id))
      await recordAgencyHistory(tx, {
        agencyId: opts.input.agency_id,
        action: opts.input.is_card_surcharge_enabled ? 'CARD_SURCHARGE_ENABLED' : 'CARD_SURCHARGE_DISABLED',
        actor: actorLabel(opts.actor),
      })
    })
    return {
      agency_id: opts.input.agency_id,
      is_card_surcharge_enabled: opts.input.is_card_surcharge_enabled,
    }
  },
)
