import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getFeedbacksDetails } from '../../domain/feedback/get-feedbacks-details'
import { ticketAction } from '../utils/feedback.server'
import { idFromParam, throwAsResponse } from '../utils/forms.server'
import { PORTALS, type Portal } from './portal'
import { requirePortal } from './portal.server'

/** One feedback ticket, for the portal's guard (the use case decides what each side may see). */
export const feedbackTicketLoader =
  (portal: Portal) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    const actor = await requirePortal(request, portal)
    const id = idFromParam(params.ticketId, 'Ticket')
    return { ticket: await getFeedbacksDetails({ actor, id }).catch(throwAsResponse) }
  }

/** The ticket's one action (ticketAction), back to the portal's ticket list. */
export const feedbackTicketAction =
  (portal: Portal) =>
  async ({ request, params }: ActionFunctionArgs) => {
    const actor = await requirePortal(request, portal)
    const id = idFromParam(params.ticketId, 'Ticket')
    return ticketAction(request, actor, id, `${PORTALS[portal].home}/feedback`)
  }
