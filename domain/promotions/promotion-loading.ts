import { and, eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { promotions } from '../../db/schema'
import { isStaff, type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { todayIso } from '../shared/fields'

/** A promotion the actor may read: staff any not deleted; agencies only published ones running today. */
export async function loadPromotionFor(actor: Actor, id: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.is_deleted, false)))
  if (!row) throw notFound('Promotion')
  if (!isStaff(actor)) {
    const today = todayIso()
    if (row.status !== 'PUBLISHED' || row.publish_date > today || row.end_date < today)
      throw notFound('Promotion')
  }
  return row
}
