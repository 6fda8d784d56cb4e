import type { DbOrTx } from '../../db/client'
import { notify } from '../notifications/notify'
import type { Actor } from '../shared/actor'
import type { TicketRow } from './feedback-loading'
import { agencyLinks, staffLinks } from '../shared/links'

/**
 * In the transaction of a new ticket or comment: the other side is told. Staff writing on an
 * agency's ticket tell the agency (MESSAGE_SENT_BY_OSHC); the agency or its user tells the staff
 * who manage agencies (MESSAGE_SENT_BY_AGENCY / MESSAGE_SENT_BY_AGENCY_USER).
 */
export async function tellOtherSide(tx: DbOrTx, actor: Actor, ticket: TicketRow, what: string) {
  if (actor.kind === 'Oshc') {
    if (!ticket.agency_id) return
    await notify(
      tx,
      {
        eventType: 'MESSAGE_SENT_BY_OSHC',
        title: `Ticket #${ticket.id}: ${what}`,
        message: ticket.title,
        link: agencyLinks.feedback(ticket.id),
        meta: { ticket_id: ticket.id },
      },
      { agencyId: ticket.agency_id },
    )
    return
  }
  await notify(
    tx,
    {
      eventType: actor.kind === 'agency_user' ? 'MESSAGE_SENT_BY_AGENCY_USER' : 'MESSAGE_SENT_BY_AGENCY',
      title: `Ticket #${ticket.id}: ${what}`,
      message: ticket.title,
      link: staffLinks.feedback(ticket.id),
      meta: { ticket_id: ticket.id },
    },
    { staffPermission: 'agency_management' },
  )
}
