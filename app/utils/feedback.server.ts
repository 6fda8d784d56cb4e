import { redirect } from '@remix-run/node'
import { addComment } from '../../domain/feedback/add-comment'
import { archiveFeedback } from '../../domain/feedback/archive-feedback'
import { deleteComment } from '../../domain/feedback/delete-comment'
import { deleteFeedback } from '../../domain/feedback/delete-feedback'
import { updateComment } from '../../domain/feedback/update-comment'
import { updateFeedback } from '../../domain/feedback/update-feedback'
import { TICKET_FORMS as F } from '../../domain/feedback/feedback.schemas'
import type { Actor } from '../../domain/shared/actor'
import { readForm, submitForm } from './forms.server'
import { redirectWithToast } from './toast.server'

/**
 * The one action of a ticket page (staff and agency): comment, edit or delete one's own comment,
 * and for staff move the stage, archive, restore or delete; each form on its schema (TICKET_FORMS),
 * a refusal answered as that form's reply.
 */
export async function ticketAction(request: Request, actor: Actor, ticketId: number, listPath: string) {
  const form = await readForm(request)
  const here = new URL(request.url).pathname
  const stay = async (run: () => Promise<unknown>) => {
    await run()
    return redirect(here)
  }
  switch (form.get('intent')) {
    case 'comment':
      return submitForm(form, F.comment, (v) =>
        stay(() => addComment({ actor, input: { ticket_id: ticketId, content: v.content } })),
      )
    case 'edit-comment':
      return submitForm(form, F.editComment, (v) =>
        stay(() => updateComment({ actor, id: v.comment_id, content: v.content })),
      )
    case 'delete-comment':
      return submitForm(form, F.deleteComment, (v) => stay(() => deleteComment({ actor, id: v.comment_id })))
    case 'stage':
      return submitForm(form, F.stage, (v) =>
        stay(() => updateFeedback({ actor, id: ticketId, input: { stage: v.stage } })),
      )
    case 'archive':
    case 'restore':
      return submitForm(form, F.archive, (v) =>
        stay(() => archiveFeedback({ actor, id: ticketId, archive: v.intent === 'archive' })),
      )
    case 'delete':
      return submitForm(form, F.delete, async () => {
        await deleteFeedback({ actor, id: ticketId })
        return redirectWithToast(listPath, { type: 'success', title: `Ticket #${ticketId} deleted` })
      })
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}
