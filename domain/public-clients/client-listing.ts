import { desc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, publicClients } from '../../db/schema'
import { pageInfo } from '../shared/pagination'
import { presentClient } from './public-client-presenter'

/** A page of clients with their agency's name and their count of widget sales, newest first. */
export async function pageOfClients(where: SQL | undefined, page: number, perPage: number) {
  const rows = await getDb()
    .select({
      client: publicClients,
      agency_name: agencies.full_company_name,
      total: sql<number>`count(*) over()::int`,
      sales: sql<number>`(select count(*)::int from policies p where p.public_client_id = ${publicClients.id} and p.purchased_at is not null)`,
    })
    .from(publicClients)
    .innerJoin(agencies, eq(agencies.id, publicClients.agency_id))
    .where(where)
    .orderBy(desc(publicClients.created_at), desc(publicClients.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  let total = rows[0]?.total
  if (total === undefined) {
    const [{ n }] = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(publicClients)
      .innerJoin(agencies, eq(agencies.id, publicClients.agency_id))
      .where(where)
    total = n
  }
  return {
    items: rows.map((r) => ({ ...presentClient(r.client, r.agency_name), widget_sales: r.sales })),
    pageInfo: pageInfo(page, perPage, total),
  }
}
