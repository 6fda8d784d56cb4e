import { getDb } from '../../db/client'
import { feedbackTickets } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertFilesUsable } from '../files/storage'
import { identityOf, personType } from './feedback-loading'
import { tellOtherSide } from './feedback-notices'
import { presentTickets } from './feedback-presenter'
import type { FeedbackInput } from './feedback.schemas'

/**
 * POST /oshc/feedback/addFeedback (any staff member or agency user): a ticket in BACKLOG with
 * its reporter recorded (and the reporter's agency); an agency's ticket tells the staff.
 * Attachments are uploaded file keys the reporter may use (its own or its agency's; staff any):
 * anything else is `attachments: File not found` (400).
 */
export const addFeedback = defineUseCase(
  { staff: true, agency: true },
  async function addFeedback(opts: { actor: Actor; input: FeedbackInput }) {
    const { actor, input } = opts
    const agencyId = isAgencySide(actor) ? actor.agencyId : 0
    await assertFilesUsable('attachments', input.attachments ?? [], actor, agencyId)
    const row = await getDb().transaction(async (tx) => {
      const [created] = await tx
        .insert(feedbackTickets)
        .values({
          ...input,
          reporter_id: identityOf(actor),
          reporter_type: personType(actor),
          agency_id: isAgencySide(actor) ? actor.agencyId : null,
        })
        .returning()
      if (isAgencySide(actor)) await tellOtherSide(tx, actor, created, 'new ticket')
      return created
    })
    return (await presentTickets([row]))[0]
  },
)
