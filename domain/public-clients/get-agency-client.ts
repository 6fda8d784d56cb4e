import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { notFound } from '../shared/errors'
import { presentClient } from './public-client-presenter'
import { clientsForOrigin } from './client-origins'
import { CLIENT_MANAGERS } from './public-client-loading'
import { loadClientAgency } from './public-client-loading'

/**
 * GET /wordpress/getAgencyClient/{agencyId}?whitelist_url= (agency side with `user_management`,
 * its own agency; staff with `agency_management`): the agency's client serving that origin (the
 * active one first). 404 when none does.
 */
export const getAgencyClient = defineUseCase(
  CLIENT_MANAGERS,
  async function getAgencyClient(opts: { actor: Actor; agencyId: number; origin: string }) {
    const agency = await loadClientAgency(opts.actor, opts.agencyId)
    const [found] = await clientsForOrigin(opts.origin, agency.id)
    if (!found) throw notFound('Public client')
    return presentClient(found.client, found.agency_name)
  },
)
