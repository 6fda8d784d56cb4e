import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionAgencyLinks } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict, forbidden } from '../shared/errors'
import { setAgencyLink } from './admission-scope'

export const LINK_EXISTS_MSG = 'This agency is already linked to the admission service'

/** POST /oshc/your-admission/addAgencyLink (staff): opens the service to an agency; 409 when it is linked already. */
export const addAgencyLink = defineUseCase(
  { staff: true },
  async function addAgencyLink(opts: { actor: Actor; input: { agency_id: number; is_active: boolean } }) {
    const { actor, input } = opts
    if (actor.kind !== 'Oshc') throw forbidden()
    return getDb().transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: admissionAgencyLinks.id })
        .from(admissionAgencyLinks)
        .where(eq(admissionAgencyLinks.agency_id, input.agency_id))
      if (existing) throw conflict(LINK_EXISTS_MSG)
      return setAgencyLink(tx, input.agency_id, input.is_active, actor.identityId)
    })
  },
)
