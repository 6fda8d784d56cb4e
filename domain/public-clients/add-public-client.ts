import { getDb } from '../../db/client'
import { publicClients } from '../../db/schema'
import { type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertCanBeActive, loadClientAgency } from './public-client-loading'
import { presentClient } from './public-client-presenter'
import type { PublicClientInput } from './public-clients.schemas'
import { hashSecret, newClientId, newClientSecret } from './client-secrets'

/**
 * POST /wordpress/agencyAddPublicClient/{agencyId} (the agency side with `user_management` for
 * its own agency, staff with `agency_management`): a website client of the agency. Answers the
 * client with `client_secret`, the only time the secret is ever shown. An active client needs an
 * agency whose portal is activated (409).
 */
export const addPublicClient = defineUseCase(
  { staff: ['agency_management'], agency: ['user_management'] },
  async function addPublicClient(opts: { actor: Actor; agencyId: number; input: PublicClientInput }) {
    const { actor, input } = opts
    const agency = await loadClientAgency(actor, opts.agencyId)
    assertCanBeActive(agency.status, input.is_active)
    const secret = newClientSecret()
    const [row] = await getDb()
      .insert(publicClients)
      .values({
        client_id: newClientId(),
        agency_id: agency.id,
        name: input.name,
        type: input.type,
        whitelist_url: input.whitelist_url,
        is_active: input.is_active,
        theme_color: input.theme_color ?? null,
        logo_url: input.logo_url ?? null,
        secret_hash: hashSecret(secret),
        created_by: 'identityId' in actor ? actor.identityId : null,
      })
      .returning()
    return { ...presentClient(row), client_secret: secret }
  },
)
