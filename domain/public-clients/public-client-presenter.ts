import { clock } from '../shared/clock'
import type { PublicClientRow } from './public-client-loading'

/** A client as every read answers it: never its secret nor the secret's hash. */
export function presentClient(row: PublicClientRow, agencyName?: string | null) {
  return {
    id: row.id,
    client_id: row.client_id,
    agency_id: row.agency_id,
    ...(agencyName !== undefined ? { agency_name: agencyName } : {}),
    name: row.name,
    type: row.type,
    whitelist_url: row.whitelist_url,
    is_active: row.is_active,
    theme_color: row.theme_color,
    logo_url: row.logo_url,
    created_by: row.created_by,
    last_used_at: row.last_used_at,
    previous_secret_expires_at:
      row.previous_secret_expires_at && row.previous_secret_expires_at > clock.now()
        ? row.previous_secret_expires_at
        : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}
export type PublicClientRead = ReturnType<typeof presentClient>
