import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { feedbackComments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { identityOf, loadTicketFor } from './feedback-loading'
import { presentComments, presentTickets } from './feedback-presenter'

/** GET /oshc/feedback/getFeedbacksDetails/{id} (staff; the agency side its own agency's): the ticket with its comments. */
export const getFeedbacksDetails = defineUseCase(
  { staff: true, agency: true },
  async function getFeedbacksDetails(opts: { actor: Actor; id: number }) {
    const ticket = await loadTicketFor(opts.actor, opts.id)
    const comments = await getDb()
      .select()
      .from(feedbackComments)
      .where(and(eq(feedbackComments.ticket_id, ticket.id), eq(feedbackComments.is_deleted, false)))
      .orderBy(asc(feedbackComments.created_at), asc(feedbackComments.id))
    const [presented] = await presentTickets([ticket])
    return { ...presented, comments: await presentComments(comments, identityOf(opts.actor)) }
  },
)
