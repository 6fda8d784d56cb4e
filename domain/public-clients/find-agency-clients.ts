import { eq } from 'drizzle-orm'
import { publicClients } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadClientAgency } from './public-client-loading'
import type { ClientListQuery } from './public-clients.schemas'
import { pageOfClients } from './client-listing'

/** GET /wordpress/getAgencyClients/{agencyId} (its own agency with `user_management`; staff `agency_management`): newest first. */
export const findAgencyClients = defineUseCase(
  { staff: ['agency_management'], agency: ['user_management'] },
  async function findAgencyClients(opts: { actor: Actor; agencyId: number; input: ClientListQuery }) {
    const agency = await loadClientAgency(opts.actor, opts.agencyId)
    return pageOfClients(eq(publicClients.agency_id, agency.id), opts.input.page, opts.input.perPage)
  },
)
