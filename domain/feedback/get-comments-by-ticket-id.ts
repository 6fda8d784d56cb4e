import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { feedbackComments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { identityOf, loadTicketFor } from './feedback-loading'
import { presentComments } from './feedback-presenter'

/** GET /oshc/feedback/getCommentsByTicketId/{id} (whoever may see the ticket): oldest first, deleted ones left out. */
export const getCommentsByTicketId = defineUseCase(
  { staff: true, agency: true },
  async function getCommentsByTicketId(opts: { actor: Actor; id: number }) {
    const ticket = await loadTicketFor(opts.actor, opts.id)
    const rows = await getDb()
      .select()
      .from(feedbackComments)
      .where(and(eq(feedbackComments.ticket_id, ticket.id), eq(feedbackComments.is_deleted, false)))
      .orderBy(asc(feedbackComments.created_at), asc(feedbackComments.id))
    return presentComments(rows, identityOf(opts.actor))
  },
)
