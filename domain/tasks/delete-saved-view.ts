import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { savedViews } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { notFound } from '../shared/errors'

/** Forgets one of the person's saved views; anyone else's (or none) is NOT_FOUND. */
export const deleteSavedView = defineUseCase(
  { staff: true, agency: true },
  async function deleteSavedView(opts: { actor: Actor; viewId: number }) {
    const mine = 'identityId' in opts.actor ? opts.actor.identityId : 0
    const [gone] = await getDb()
      .delete(savedViews)
      .where(and(eq(savedViews.id, opts.viewId), eq(savedViews.identity_id, mine)))
      .returning({ id: savedViews.id, name: savedViews.name })
    if (!gone) throw notFound('Saved view')
    return gone
  },
)
