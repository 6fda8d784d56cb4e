import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { addComment } from '../../domain/feedback/add-comment'
import { archiveFeedback } from '../../domain/feedback/archive-feedback'
import { deleteComment } from '../../domain/feedback/delete-comment'
import { deleteFeedback } from '../../domain/feedback/delete-feedback'
import { updateComment } from '../../domain/feedback/update-comment'
import { updateFeedback } from '../../domain/feedback/update-feedback'
import { TICKET_STAGES } from '../../db/schema/enums'
import type { Actor } from '../../domain/shared/actor'
import { DomainError, HTTP_STATUS } from '../../domain/shared/errors'
import { id } from '../../domain/shared/fields'
import { readForm } from './forms.server'
import { redirectWithToast } from './toast.server'

const ActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('comment'),
    content: z.string().trim().min(1, 'Write a comment first').max(5000),
  }),
  z.object({
    intent: z.literal('edit-comment'),
    comment_id: id(),
    content: z.string().trim().min(1, 'Comment is required').max(5000),
  }),
  z.object({ intent: z.literal('delete-comment'), comment_id: id() }),
  z.object({ intent: z.literal('stage'), stage: z.enum(TICKET_STAGES) }),
  z.object({ intent: z.enum(['archive', 'restore', 'delete']) }),
])

/**
 * The one action of a ticket page (staff and agency): comment, edit or delete one's own comment,
 * and for staff move the stage, archive, restore or delete. Refusals come back as `error`.
 */
export async function ticketAction(request: Request, actor: Actor, ticketId: number, listPath: string) {
  const form = await readForm(request)
  // A stage button carries the stage; the other buttons carry their intent.
  const intent = form.getAll('intent').find((v) => v !== 'stage') ?? 'stage'
  const parsed = ActionSchema.safeParse({ ...Object.fromEntries(form), intent })
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? 'Invalid request' }, { status: 400 })
  const a = parsed.data
  const here = new URL(request.url).pathname
  try {
    if (a.intent === 'comment')
      await addComment({ actor, input: { ticket_id: ticketId, content: a.content } })
    else if (a.intent === 'edit-comment') await updateComment({ actor, id: a.comment_id, content: a.content })
    else if (a.intent === 'delete-comment') await deleteComment({ actor, id: a.comment_id })
    else if (a.intent === 'stage') await updateFeedback({ actor, id: ticketId, input: { stage: a.stage } })
    else if (a.intent === 'delete') {
      await deleteFeedback({ actor, id: ticketId })
      return redirectWithToast(listPath, { type: 'success', title: `Ticket #${ticketId} deleted` })
    } else await archiveFeedback({ actor, id: ticketId, archive: a.intent === 'archive' })
  } catch (err) {
    if (err instanceof DomainError) return data({ error: err.message }, { status: HTTP_STATUS[err.code] })
    throw err
  }
  return redirect(here)
}
