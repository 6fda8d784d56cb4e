import { endpoint, ok, paged, type Endpoint } from '../define'
import * as S from '../../domain/feedback/feedback.schemas'
import { addFeedback } from '../../domain/feedback/add-feedback'
import { updateFeedback } from '../../domain/feedback/update-feedback'
import { deleteFeedback } from '../../domain/feedback/delete-feedback'
import { archiveFeedback } from '../../domain/feedback/archive-feedback'
import { getFeedbacks } from '../../domain/feedback/get-feedbacks'
import { getFeedbacksDetails } from '../../domain/feedback/get-feedbacks-details'
import { addComment } from '../../domain/feedback/add-comment'
import { updateComment } from '../../domain/feedback/update-comment'
import { deleteComment } from '../../domain/feedback/delete-comment'
import { getCommentById } from '../../domain/feedback/get-comment-by-id'
import { getCommentsByTicketId } from '../../domain/feedback/get-comments-by-ticket-id'

/** spec/03 section 7, Feedback (/oshc/feedback): tickets and their comments. */
const F = '/oshc/feedback'

export const feedbackEndpoints: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: `${F}/addFeedback`,
    summary:
      'A ticket (title, description, type BUG | NEW_FEATURE | IMPROVEMENT, priority, project_name, attachments) in BACKLOG, by staff or an agency',
    access: addFeedback.access,
    body: S.FeedbackSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      ...ok(await addFeedback({ actor, input: body }), 'Ticket created'),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${F}/updateFeedback/{id}`,
    summary:
      'Staff change any field and move the stage one step (409 for a jump); the reporter changes its own ticket, not the stage',
    access: updateFeedback.access,
    params: S.IdParamSchema,
    body: S.UpdateFeedbackSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateFeedback({ actor, id: params.id, input: body }), 'Ticket updated'),
  }),
  endpoint({
    method: 'POST',
    path: `${F}/deleteFeedback/{id}`,
    summary: 'Deletes a ticket softly (is_deleted; kept for history) (staff)',
    access: deleteFeedback.access,
    params: S.IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deleteFeedback({ actor, id: params.id }), 'Ticket deleted'),
  }),
  endpoint({
    method: 'POST',
    path: `${F}/archiveFeedback/{id}`,
    summary: 'Archives (is_archive=true) or restores (false) a ticket (staff)',
    access: archiveFeedback.access,
    params: S.IdParamSchema,
    query: S.ArchiveQuerySchema,
    handler: async ({ actor, params, query }) =>
      ok(
        await archiveFeedback({ actor, id: params.id, archive: query.is_archive === 'true' }),
        'Ticket updated',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${F}/getFeedbacks`,
    summary:
      'Tickets (staff: all; agencies: their own), paged, sorted, with global_filter and filters id, project, priority, type, stage, is_archived, created_from, created_to',
    access: getFeedbacks.access,
    query: S.FeedbackListQuerySchema,
    handler: async ({ actor, query }) => paged(await getFeedbacks({ actor, query })),
  }),
  endpoint({
    method: 'GET',
    path: `${F}/getFeedbacksDetails/{id}`,
    summary: "A ticket with its reporter and comments; another agency's ticket is a 404",
    access: getFeedbacksDetails.access,
    params: S.IdParamSchema,
    handler: async ({ actor, params }) => ok(await getFeedbacksDetails({ actor, id: params.id })),
  }),
  endpoint({
    method: 'POST',
    path: `${F}/addComment`,
    summary: 'A comment on a ticket the caller can see (ticket_id, content); the other side is notified',
    access: addComment.access,
    body: S.CommentSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      ...ok(await addComment({ actor, input: body }), 'Comment added'),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${F}/updateComment/{id}`,
    summary: 'Changes a comment (its author only: 403 otherwise)',
    access: updateComment.access,
    params: S.IdParamSchema,
    body: S.UpdateCommentSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateComment({ actor, id: params.id, content: body.content }), 'Comment updated'),
  }),
  endpoint({
    method: 'POST',
    path: `${F}/deleteComment/{id}`,
    summary: 'Deletes a comment softly (its author only: 403 otherwise)',
    access: deleteComment.access,
    params: S.IdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await deleteComment({ actor, id: params.id }), 'Comment deleted'),
  }),
  endpoint({
    method: 'GET',
    path: `${F}/getCommentById/{id}`,
    summary: 'One comment of a ticket the caller can see',
    access: getCommentById.access,
    params: S.IdParamSchema,
    handler: async ({ actor, params }) => ok(await getCommentById({ actor, id: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${F}/getCommentsByTicketId/{id}`,
    summary: 'The comments of a ticket, oldest first',
    access: getCommentsByTicketId.access,
    params: S.IdParamSchema,
    handler: async ({ actor, params }) => ok(await getCommentsByTicketId({ actor, id: params.id })),
  }),
]
