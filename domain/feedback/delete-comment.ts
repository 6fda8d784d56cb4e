import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { feedbackComments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { forbidden } from '../shared/errors'
import { identityOf, loadCommentFor } from './feedback-loading'

/** POST /oshc/feedback/deleteComment/{id}: its author only; a soft delete (history is kept). */
export const deleteComment = defineUseCase(
  { staff: true, agency: true },
  async function deleteComment(opts: { actor: Actor; id: number }) {
    const { comment } = await loadCommentFor(opts.actor, opts.id)
    if (comment.commentor_id !== identityOf(opts.actor))
      throw forbidden('Only its author can delete a comment')
    await getDb()
      .update(feedbackComments)
      .set({ is_deleted: true })
      .where(eq(feedbackComments.id, comment.id))
    return { id: comment.id }
  },
)
