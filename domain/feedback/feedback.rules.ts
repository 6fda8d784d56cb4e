import { TICKET_STAGES } from '../../db/schema/enums'

export type TicketStage = (typeof TICKET_STAGES)[number]

/** Staff move a ticket one stage on (BACKLOG -> TODO -> IN_PROGRESS -> DONE) or one stage back. */
export function canMoveStage(from: TicketStage, to: TicketStage) {
  return Math.abs(TICKET_STAGES.indexOf(from) - TICKET_STAGES.indexOf(to)) === 1
}

export { TICKET_STAGE_LABELS as STAGE_LABELS } from '../shared/labels'
