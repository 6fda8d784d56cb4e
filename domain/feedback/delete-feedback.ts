import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { feedbackTickets } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadTicketFor } from './feedback-loading'

/** POST /oshc/feedback/deleteFeedback/{id} (any staff member): a soft delete (is_deleted); 404 after. */
export const deleteFeedback = defineUseCase(
  { staff: true },
  async function deleteFeedback(opts: { actor: Actor; id: number }) {
    const ticket = await loadTicketFor(opts.actor, opts.id)
    await getDb().update(feedbackTickets).set({ is_deleted: true }).where(eq(feedbackTickets.id, ticket.id))
    return { id: ticket.id }
  },
)
