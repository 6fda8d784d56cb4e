import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { savedViews } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'

/** The person's own saved views of a list `page`, by name. */
export const findSavedViews = defineUseCase(
  { staff: true, agency: true },
  async function findSavedViews(opts: { actor: Actor; page: string }) {
    if (!('identityId' in opts.actor)) return []
    return getDb()
      .select({ id: savedViews.id, name: savedViews.name, query: savedViews.query })
      .from(savedViews)
      .where(and(eq(savedViews.identity_id, opts.actor.identityId), eq(savedViews.page, opts.page)))
      .orderBy(asc(savedViews.name))
  },
)
