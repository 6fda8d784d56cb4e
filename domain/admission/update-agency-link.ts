import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { forbidden } from '../shared/errors'
import { loadAgencyLink } from './admission-links'
import { setAgencyLink } from './admission-scope'
import { getDb } from '../../db/client'

/**
 * PUT /oshc/your-admission/updateAgencyLink/{id} (staff): switches a link on or off. Off hides the
 * catalogue and new students and enrolments from the agency; its history stays readable.
 */
export const updateAgencyLink = defineUseCase(
  { staff: true },
  async function updateAgencyLink(opts: { actor: Actor; id: number; input: { is_active: boolean } }) {
    const { actor } = opts
    if (actor.kind !== 'Oshc') throw forbidden()
    return getDb().transaction(async (tx) => {
      const link = await loadAgencyLink(opts.id, tx)
      return setAgencyLink(tx, link.agency_id, opts.input.is_active, actor.identityId)
    })
  },
)
