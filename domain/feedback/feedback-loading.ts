import { and, eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { feedbackComments, feedbackTickets } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'

export type TicketRow = typeof feedbackTickets.$inferSelect
export type CommentRow = typeof feedbackComments.$inferSelect

/** A ticket the actor may see: staff any; the agency side its own agency's; deleted ones are gone (404). */
export async function loadTicketFor(actor: Actor, id: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select()
    .from(feedbackTickets)
    .where(and(eq(feedbackTickets.id, id), eq(feedbackTickets.is_deleted, false)))
  if (!row) throw notFound('Ticket')
  if (isStaff(actor)) return row
  if (isAgencySide(actor) && row.agency_id === actor.agencyId) return row
  throw notFound('Ticket')
}

/** A comment on a ticket the actor may see (deleted ones are gone). */
export async function loadCommentFor(actor: Actor, id: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select()
    .from(feedbackComments)
    .where(and(eq(feedbackComments.id, id), eq(feedbackComments.is_deleted, false)))
  if (!row) throw notFound('Comment')
  const ticket = await loadTicketFor(actor, row.ticket_id, db).catch(() => {
    throw notFound('Comment')
  })
  return { comment: row, ticket }
}

/** The stored kind of a person acting (staff, the agency account, an agency user). */
export function personType(actor: Actor): 'Oshc' | 'Agency' | 'agency_user' {
  if (actor.kind === 'Oshc' || actor.kind === 'Agency' || actor.kind === 'agency_user') return actor.kind
  throw notFound('Ticket')
}

export const identityOf = (actor: Actor) => ('identityId' in actor ? actor.identityId : 0)
