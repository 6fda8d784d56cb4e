// The demo system's commission cap (issue 25): OSHC at most 12% for sales purchased from
// 1 July 2026, as the Australian Government proposed, proposed by the admin and confirmed by the
// demo finance officer (the two people the setting takes). The demo agency's Bupa rate (12.50%) is
// above it, so the list of agencies above the cap has something to show. Tests seed without the
// demo data: a cap exists only where a test sets one.
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { commissionCapEvents, commissionCaps, identities } from '../schema'
import { ADMIN_EMAIL, DEMO_FINANCE_EMAIL } from './access'

export const DEMO_CAP = { product_line: 'OSHC', max_rate: '12.00', effective_from: '2026-07-01' } as const

/** Once: when no OSHC setting exists yet. */
export async function seedDemoCommissionCap(db: Db) {
  const [existing] = await db
    .select({ id: commissionCaps.id })
    .from(commissionCaps)
    .where(eq(commissionCaps.product_line, DEMO_CAP.product_line))
    .limit(1)
  if (existing) return
  const people = await db
    .select({ id: identities.id, email: identities.email })
    .from(identities)
    .where(inArray(sql`lower(${identities.email})`, [ADMIN_EMAIL, DEMO_FINANCE_EMAIL]))
  const maker = people.find((p) => p.email.toLowerCase() === ADMIN_EMAIL)
  const checker = people.find((p) => p.email.toLowerCase() === DEMO_FINANCE_EMAIL)
  if (!maker || !checker) return
  const [cap] = await db
    .insert(commissionCaps)
    .values({
      ...DEMO_CAP,
      status: 'ACTIVE',
      note: 'Proposed cap on OSHC commissions paid to agents (demo setting)',
      proposed_by_identity_id: maker.id,
      confirmed_by_identity_id: checker.id,
      confirmed_at: new Date(),
    })
    .returning({ id: commissionCaps.id })
  await db.insert(commissionCapEvents).values([
    { cap_id: cap!.id, kind: 'PROPOSED', identity_id: maker.id, note: 'Demo setting' },
    { cap_id: cap!.id, kind: 'CONFIRMED', identity_id: checker.id },
  ])
}
