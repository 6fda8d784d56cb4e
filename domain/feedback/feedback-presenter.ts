import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { feedbackComments } from '../../db/schema'
import { peopleByIdentity } from '../shared/people'
import type { CommentRow, TicketRow } from './feedback-loading'

/** Tickets as answered, each with its reporter (names, e-mail, picture). */
export async function presentTickets(rows: TicketRow[]) {
  const people = await peopleByIdentity(rows.map((r) => r.reporter_id))
  return rows.map(({ reporter_id, reporter_type, ...t }) => ({
    ...t,
    reporter_type,
    reporter: people.get(reporter_id) ?? null,
  }))
}

/** Comments as answered, each with its author, `is_mine` for the caller. */
export async function presentComments(rows: CommentRow[], viewerIdentityId: number) {
  const people = await peopleByIdentity(rows.map((r) => r.commentor_id))
  return rows.map(({ commentor_id, ...c }) => ({
    ...c,
    commentor: people.get(commentor_id) ?? null,
    is_mine: commentor_id === viewerIdentityId,
  }))
}

/** A ticket's comments as answered to `viewerIdentityId`, oldest first, deleted ones left out. */
export async function ticketComments(ticketId: number, viewerIdentityId: number) {
  const rows = await getDb()
    .select()
    .from(feedbackComments)
    .where(and(eq(feedbackComments.ticket_id, ticketId), eq(feedbackComments.is_deleted, false)))
    .orderBy(asc(feedbackComments.created_at), asc(feedbackComments.id))
  return presentComments(rows, viewerIdentityId)
}
