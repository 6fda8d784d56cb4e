import { getDb } from '../../db/client'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { forbidden } from '../shared/errors'
import { loadAgencyLink } from './admission-links'
import { setAgencyLink } from './admission-scope'

/** PUT /oshc/your-admission/updateAgencyLinkStatus/{id}?is_active=true|false (staff): the link's status. */
export const updateAgencyLinkStatus = defineUseCase(
  { staff: true },
  async function updateAgencyLinkStatus(opts: { actor: Actor; id: number; is_active: boolean }) {
    const { actor } = opts
    if (actor.kind !== 'Oshc') throw forbidden()
    return getDb().transaction(async (tx) => {
      const link = await loadAgencyLink(opts.id, tx)
      return setAgencyLink(tx, link.agency_id, opts.is_active, actor.identityId)
    })
  },
)
