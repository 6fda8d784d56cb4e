import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { agencies, agencyUsers } from '../../db/schema'
import { notify } from '../notifications/notify'
import type { PromotionRow } from './promotion-presenter'
import { agencyLinks } from '../shared/links'

/** In the transaction that publishes it: every activated agency and its users are told. */
export async function announcePromotion(tx: DbOrTx, p: PromotionRow) {
  const accounts = await tx
    .select({ identity_id: agencies.identity_id, id: agencies.id })
    .from(agencies)
    .where(eq(agencies.status, 'PORTAL_ACTIVATED'))
  const ids = accounts.map((a) => a.id)
  const users = ids.length
    ? await tx
        .select({ identity_id: agencyUsers.identity_id })
        .from(agencyUsers)
        .where(and(inArray(agencyUsers.agency_id, ids), eq(agencyUsers.status, 'ENABLED')))
    : []
  const identityIds = [...accounts, ...users].map((r) => r.identity_id).filter((i): i is number => !!i)
  await notify(
    tx,
    {
      eventType: 'PROMOTION_PUBLISHED',
      title: `New promotion: ${p.title}`,
      message: `Running until ${p.end_date}.`,
      link: agencyLinks.promotions,
      meta: { promotion_id: p.id },
    },
    { identityIds },
  )
}
