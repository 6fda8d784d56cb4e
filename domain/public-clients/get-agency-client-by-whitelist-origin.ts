import { isAgencySide, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { notFound } from '../shared/errors'
import { presentClient } from './public-client-presenter'
import { clientsForOrigin } from './client-origins'
import { CLIENT_MANAGERS } from './public-client-loading'

/**
 * GET /wordpress/getAgencyClientByWhitelistOrigin?whitelist_url= (staff with `agency_management`:
 * any agency's; the agency side: its own): the client serving that origin. 404 when none does.
 */
export const getAgencyClientByWhitelistOrigin = defineUseCase(
  CLIENT_MANAGERS,
  async function getAgencyClientByWhitelistOrigin(opts: { actor: Actor; origin: string }) {
    const agencyId = isAgencySide(opts.actor) ? opts.actor.agencyId : undefined
    const [found] = await clientsForOrigin(opts.origin, agencyId)
    if (!found) throw notFound('Public client')
    return presentClient(found.client, found.agency_name)
  },
)
