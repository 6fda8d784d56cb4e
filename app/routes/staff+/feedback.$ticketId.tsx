import { TICKET_FORMS } from '../../../domain/feedback/feedback.schemas'
import { FeedbackTicketPage, feedbackTicketMeta } from '../../portals/feedback-ticket'
import { feedbackTicketAction, feedbackTicketLoader } from '../../portals/feedback-ticket.server'

// One module serves this page and its twin in the other portal (agency+/feedback.$ticketId.tsx).
export const meta = feedbackTicketMeta('staff')
export const loader = feedbackTicketLoader('staff')
export const action = feedbackTicketAction('staff')

export default function StaffTicket() {
  return <FeedbackTicketPage portal="staff" forms={TICKET_FORMS} />
}
