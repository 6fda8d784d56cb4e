import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { feedbackTickets } from '../../db/schema'
import { isStaff, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertFilesUsable } from '../files/storage'
import { forbidden, invalidTransition } from '../shared/errors'
import { identityOf, loadTicketFor } from './feedback-loading'
import { presentTickets } from './feedback-presenter'
import { canMoveStage, STAGE_LABELS } from './feedback.rules'
import type { UpdateFeedbackInput } from './feedback.schemas'

/**
 * POST /oshc/feedback/updateFeedback/{id}: staff change any field and move the stage one step
 * (409 for a jump); on the agency side only the reporter changes its own ticket's text, type,
 * priority, project and attachments, never the stage (403). A new attachment must be an uploaded
 * file the caller may use for the ticket's agency (`attachments: File not found` otherwise).
 */
export const updateFeedback = defineUseCase(
  { staff: true, agency: true },
  async function updateFeedback(opts: { actor: Actor; id: number; input: UpdateFeedbackInput }) {
    const { actor, input } = opts
    const row = await getDb().transaction(async (tx) => {
      const ticket = await loadTicketFor(actor, opts.id, tx)
      if (!isStaff(actor)) {
        if (input.stage !== undefined) throw forbidden('Only staff move a ticket between stages')
        if (ticket.reporter_id !== identityOf(actor))
          throw forbidden('Only the reporter can change this ticket')
      }
      if (
        input.stage !== undefined &&
        input.stage !== ticket.stage &&
        !canMoveStage(ticket.stage, input.stage)
      )
        throw invalidTransition(
          `A ticket moves one stage at a time: "${STAGE_LABELS[ticket.stage]}" cannot go to "${STAGE_LABELS[input.stage]}"`,
        )
      // Keys already on the ticket stay; only added ones are checked.
      const added = (input.attachments ?? []).filter((k) => !ticket.attachments.includes(k))
      await assertFilesUsable('attachments', added, actor, ticket.agency_id ?? 0)
      const [after] = await tx
        .update(feedbackTickets)
        .set(input)
        .where(eq(feedbackTickets.id, ticket.id))
        .returning()
      return after
    })
    return (await presentTickets([row]))[0]
  },
)
