import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { identityOf, loadTicketFor } from './feedback-loading'
import { presentTickets, ticketComments } from './feedback-presenter'

/** GET /oshc/feedback/getFeedbacksDetails/{id} (staff; the agency side its own agency's): the ticket with its comments. */
export const getFeedbacksDetails = defineUseCase(
  { staff: true, agency: true },
  async function getFeedbacksDetails(opts: { actor: Actor; id: number }) {
    const ticket = await loadTicketFor(opts.actor, opts.id)
    const [presented] = await presentTickets([ticket])
    return { ...presented, comments: await ticketComments(ticket.id, identityOf(opts.actor)) }
  },
)
