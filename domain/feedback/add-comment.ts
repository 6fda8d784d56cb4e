import { getDb } from '../../db/client'
import { feedbackComments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { identityOf, loadTicketFor, personType } from './feedback-loading'
import { tellOtherSide } from './feedback-notices'
import { presentComments } from './feedback-presenter'

/** POST /oshc/feedback/addComment (staff; the agency side on its own agency's tickets): tells the other side. */
export const addComment = defineUseCase(
  { staff: true, agency: true },
  async function addComment(opts: { actor: Actor; input: { ticket_id: number; content: string } }) {
    const { actor, input } = opts
    const row = await getDb().transaction(async (tx) => {
      const ticket = await loadTicketFor(actor, input.ticket_id, tx)
      const [created] = await tx
        .insert(feedbackComments)
        .values({
          ticket_id: ticket.id,
          content: input.content,
          user_type: personType(actor),
          commentor_id: identityOf(actor),
        })
        .returning()
      await tellOtherSide(tx, actor, ticket, 'new comment')
      return created
    })
    return (await presentComments([row], identityOf(actor)))[0]
  },
)
