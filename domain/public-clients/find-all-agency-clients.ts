import { and, ilike, or, sql } from 'drizzle-orm'
import { agencies, publicClients } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { ClientListQuery } from './public-clients.schemas'
import { pageOfClients } from './client-listing'
import { escapeLike } from '../reference/search-text'

/**
 * GET /wordpress/getAllAgencyClients (staff with `agency_management`): every agency's clients;
 * `global_filter` matches the client's name or id, the agency's name, or an allowed origin.
 */
export const findAllAgencyClients = defineUseCase(
  { staff: ['agency_management'] },
  async function findAllAgencyClients(opts: { actor: Actor; input: ClientListQuery }) {
    const q = opts.input.global_filter
    const like = q ? `%${escapeLike(q)}%` : null
    const where = like
      ? and(
          or(
            ilike(publicClients.name, like),
            ilike(publicClients.client_id, like),
            ilike(agencies.full_company_name, like),
            sql`array_to_string(${publicClients.whitelist_url}, ' ') ilike ${like}`,
          ),
        )
      : undefined
    return pageOfClients(where, opts.input.page, opts.input.perPage)
  },
)
