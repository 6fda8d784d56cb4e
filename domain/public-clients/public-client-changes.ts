import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { publicClients } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { clock } from '../shared/clock'
import { assertCanBeActive, loadClientAgency, loadClientFor } from './public-client-loading'
import { presentClient } from './public-client-presenter'
import type { UpdatePublicClientInput } from './public-clients.schemas'
import { hashSecret, newClientSecret, ROTATION_GRACE_MS } from './client-secrets'

export type ChangeClientOpts = { actor: Actor; id: number; input: UpdatePublicClientInput }

/**
 * Changes a client's settings. `rotate_secret` issues a new secret (answered once, as
 * `client_secret`) and keeps the previous one valid for 24 hours; `is_active: false` stops every
 * token of the client within a second (tokens are checked against the client on every call), and
 * for good: a token issued before the switch-off is refused after it is switched on again.
 */
export async function changePublicClient({ actor, id, input }: ChangeClientOpts) {
  return getDb().transaction(async (tx) => {
    const row = await loadClientFor(actor, id, tx)
    const agency = await loadClientAgency(actor, row.agency_id, tx)
    if (input.is_active === true && !row.is_active) assertCanBeActive(agency.status, true)
    const secret = input.rotate_secret ? newClientSecret() : null
    const [updated] = await tx
      .update(publicClients)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.whitelist_url !== undefined ? { whitelist_url: input.whitelist_url } : {}),
        ...(input.theme_color !== undefined ? { theme_color: input.theme_color } : {}),
        ...(input.logo_url !== undefined ? { logo_url: input.logo_url } : {}),
        ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
        // Every token issued so far dies with the switch-off, for good (client-tokens.ts).
        ...(input.is_active === false && row.is_active
          ? { token_generation: sql`${publicClients.token_generation} + 1` }
          : {}),
        ...(secret
          ? {
              secret_hash: hashSecret(secret),
              previous_secret_hash: row.secret_hash,
              previous_secret_expires_at: new Date(clock.now().getTime() + ROTATION_GRACE_MS),
            }
          : {}),
      })
      .where(eq(publicClients.id, row.id))
      .returning()
    return { ...presentClient(updated), ...(secret ? { client_secret: secret } : {}) }
  })
}
