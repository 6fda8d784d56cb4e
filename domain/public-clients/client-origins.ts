import { and, desc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, publicClients } from '../../db/schema'
import { frameAncestors, originAllowed } from './public-clients.rules'

/** Whether the active client `clientId` allows `origin`. */
export async function clientAllowsOrigin(clientId: string, origin: string) {
  const [row] = await getDb()
    .select({ list: publicClients.whitelist_url })
    .from(publicClients)
    .where(and(eq(publicClients.client_id, clientId), eq(publicClients.is_active, true)))
  return !!row && originAllowed(row.list, origin)
}

/**
 * Whether any active client allows `origin`: a CORS preflight names no client (the browser sends
 * only the names of the headers it will send), so it is answered for any allow-listed origin and
 * the call itself is then checked against its own client.
 */
export async function anyClientAllowsOrigin(origin: string) {
  const rows = await getDb()
    .select({ list: publicClients.whitelist_url })
    .from(publicClients)
    .where(
      and(
        eq(publicClients.is_active, true),
        sql`(${publicClients.whitelist_url} @> array[${origin}]::text[] or exists (select 1 from unnest(${publicClients.whitelist_url}) u where u like '%://*.%'))`,
      ),
    )
  return rows.some((r) => originAllowed(r.list, origin))
}

/** Clients whose allow-list holds `origin` exactly or through a `*.` entry (narrowed in SQL, decided here). */
export async function clientsForOrigin(origin: string, agencyId?: number) {
  const rows = await getDb()
    .select({ client: publicClients, agency_name: agencies.full_company_name })
    .from(publicClients)
    .innerJoin(agencies, eq(agencies.id, publicClients.agency_id))
    .where(
      and(
        agencyId === undefined ? undefined : eq(publicClients.agency_id, agencyId),
        sql`(${publicClients.whitelist_url} @> array[${origin}]::text[] or exists (select 1 from unnest(${publicClients.whitelist_url}) u where u like '%://*.%'))`,
      ),
    )
    .orderBy(desc(publicClients.is_active), desc(publicClients.created_at))
  return rows.filter((r) => originAllowed(r.client.whitelist_url, origin))
}

/** The CSP frame-ancestors of a client's embed pages: its origins while it is live, else 'none'. */
export async function clientFrameAncestors(clientId: string) {
  const [row] = await getDb()
    .select({ list: publicClients.whitelist_url })
    .from(publicClients)
    .innerJoin(agencies, eq(agencies.id, publicClients.agency_id))
    .where(
      and(
        eq(publicClients.client_id, clientId),
        eq(publicClients.is_active, true),
        eq(agencies.status, 'PORTAL_ACTIVATED'),
      ),
    )
  return frameAncestors(row?.list ?? [])
}
