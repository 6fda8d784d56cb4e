import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { feedbackComments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { forbidden } from '../shared/errors'
import { identityOf, loadCommentFor } from './feedback-loading'
import { presentComments } from './feedback-presenter'

/** POST /oshc/feedback/updateComment/{id}: its author only (403 for anyone else who can see it). */
export const updateComment = defineUseCase(
  { staff: true, agency: true },
  async function updateComment(opts: { actor: Actor; id: number; content: string }) {
    const { comment } = await loadCommentFor(opts.actor, opts.id)
    if (comment.commentor_id !== identityOf(opts.actor))
      throw forbidden('Only its author can change a comment')
    const [row] = await getDb()
      .update(feedbackComments)
      .set({ content: opts.content })
      .where(eq(feedbackComments.id, comment.id))
      .returning()
    return (await presentComments([row], identityOf(opts.actor)))[0]
  },
)
