import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { identityOf, loadCommentFor } from './feedback-loading'
import { presentComments } from './feedback-presenter'

/** GET /oshc/feedback/getCommentById/{id} (whoever may see its ticket). */
export const getCommentById = defineUseCase(
  { staff: true, agency: true },
  async function getCommentById(opts: { actor: Actor; id: number }) {
    const { comment } = await loadCommentFor(opts.actor, opts.id)
    return (await presentComments([comment], identityOf(opts.actor)))[0]
  },
)
