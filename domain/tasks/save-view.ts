import { and, count, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { savedViews } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { clock } from '../shared/clock'
import { conflict, notFound } from '../shared/errors'
import { MAX_SAVED_VIEWS } from './tasks.schemas'

/** The query string a view keeps: the list's filters and sort, never its page or Remix's markers. */
export function viewQuery(query: string): string {
  const params = new URLSearchParams(query)
  for (const drop of ['page', 'index', '_data']) params.delete(drop)
  return params.toString()
}

/**
 * Saves the person's view of a list `page` under `name` (signed-in staff or agency people); the
 * same name again replaces its query. At most MAX_SAVED_VIEWS per list (409 past it).
 */
export const saveView = defineUseCase(
  { staff: true, agency: true },
  async function saveView(opts: { actor: Actor; page: string; name: string; query: string }) {
    if (!('identityId' in opts.actor)) throw notFound('Saved view')
    const identityId = opts.actor.identityId
    const db = getDb()
    return db.transaction(async (tx) => {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(savedViews)
        .where(and(eq(savedViews.identity_id, identityId), eq(savedViews.page, opts.page)))
      const [same] = await tx
        .select({ id: savedViews.id })
        .from(savedViews)
        .where(
          and(
            eq(savedViews.identity_id, identityId),
            eq(savedViews.page, opts.page),
            eq(savedViews.name, opts.name),
          ),
        )
      if (!same && n >= MAX_SAVED_VIEWS)
        throw conflict(`At most ${MAX_SAVED_VIEWS} saved views; delete one first`)
      const [row] = await tx
        .insert(savedViews)
        .values({ identity_id: identityId, page: opts.page, name: opts.name, query: viewQuery(opts.query) })
        .onConflictDoUpdate({
          target: [savedViews.identity_id, savedViews.page, savedViews.name],
          set: { query: viewQuery(opts.query), updated_at: clock.now() },
        })
        .returning()
      return row
    })
  },
)
