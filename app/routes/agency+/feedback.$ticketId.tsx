import { TICKET_FORMS } from '../../../domain/feedback/feedback.schemas'
import { FeedbackTicketPage, feedbackTicketMeta } from '../../portals/feedback-ticket'
import { feedbackTicketAction, feedbackTicketLoader } from '../../portals/feedback-ticket.server'

// One module serves this page and its twin in the other portal (staff+/feedback.$ticketId.tsx).
export const meta = feedbackTicketMeta('agency')
export const loader = feedbackTicketLoader('agency')
export const action = feedbackTicketAction('agency')

export default function AgencyTicket() {
  return <FeedbackTicketPage portal="agency" forms={TICKET_FORMS} />
}
