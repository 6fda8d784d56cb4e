import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { feedbackTickets } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadTicketFor } from './feedback-loading'
import { presentTickets } from './feedback-presenter'

/** POST /oshc/feedback/archiveFeedback/{id}?is_archive=true|false (any staff member): archives or restores. */
export const archiveFeedback = defineUseCase(
  { staff: true },
  async function archiveFeedback(opts: { actor: Actor; id: number; archive: boolean }) {
    const ticket = await loadTicketFor(opts.actor, opts.id)
    const [row] = await getDb()
      .update(feedbackTickets)
      .set({ is_archived: opts.archive })
      .where(eq(feedbackTickets.id, ticket.id))
      .returning()
    return (await presentTickets([row]))[0]
  },
)
