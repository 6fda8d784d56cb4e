import type { promotions } from '../../db/schema'
import { peopleByIdentity } from '../shared/people'
import { thumbnailUrls } from './promotion-thumbnail'

export type PromotionRow = typeof promotions.$inferSelect

/**
 * Promotions as answered: the creator summary (id and names) beside each, and `thumbnail_url`, a
 * 5-minute address of the uploaded thumbnail image (null without one).
 */
export async function presentPromotions(rows: PromotionRow[]) {
  const people = await peopleByIdentity(rows.map((r) => r.created_by))
  const images = await thumbnailUrls(rows.map((r) => r.thumbnail))
  return rows.map((r) => {
    const who = r.created_by ? people.get(r.created_by) : undefined
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      thumbnail: r.thumbnail,
      thumbnail_url: (r.thumbnail && images.get(r.thumbnail)) || null,
      publish_date: r.publish_date,
      end_date: r.end_date,
      status: r.status,
      created_at: r.created_at,
      updated_at: r.updated_at,
      creator: who ? { id: who.id, first_name: who.first_name, last_name: who.last_name } : null,
    }
  })
}
