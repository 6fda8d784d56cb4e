import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { actorLabel, type AgencyActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { recordAgencyHistory } from '../agency-history'

/**
 * An agency's user_management requires (or stops requiring) a second factor of its own people
 * (issue 24): from their next page, whoever has none is sent to set one up first. Written to the
 * agency's history.
 */
export const setUsersSecondFactor = defineUseCase(
  { agency: ['user_management'] },
  async function setUsersSecondFactor(opts: { actor: AgencyActor; required: boolean }) {
    await getDb().transaction(async (tx) => {
      await tx
        .update(agencies)
        .set({ users_need_second_factor: opts.required })
        .where(eq(agencies.id, opts.actor.agencyId))
      await recordAgencyHistory(tx, {
        agencyId: opts.actor.agencyId,
        action: opts.required ? 'SECOND_FACTOR_REQUIRED' : 'SECOND_FACTOR_OPTIONAL',
        actor: actorLabel(opts.actor),
      })
    })
    return { users_need_second_factor: opts.required }
  },
)

/** Whether the agency requires a second factor of its people (its users page shows the choice). */
export async function usersNeedSecondFactor(agencyId: number) {
  const [row] = await getDb()
    .select({ required: agencies.users_need_second_factor })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
  return row?.required ?? false
}
