import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { identityOf, loadTicketFor } from './feedback-loading'
import { ticketComments } from './feedback-presenter'

/** GET /oshc/feedback/getCommentsByTicketId/{id} (whoever may see the ticket): oldest first, deleted ones left out. */
export const getCommentsByTicketId = defineUseCase(
  { staff: true, agency: true },
  async function getCommentsByTicketId(opts: { actor: Actor; id: number }) {
    const ticket = await loadTicketFor(opts.actor, opts.id)
    return ticketComments(ticket.id, identityOf(opts.actor))
  },
)
