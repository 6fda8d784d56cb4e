import { config } from '../shared/config'
import { formatCents, formatDate } from '../shared/format'
import { agencyLinks } from '../shared/links'

const link = (path: string) => new URL(path, config().APP_URL).toString()
const aud = (cents: number) => formatCents(cents)

/** Mails about buy-now-pay-later settlement to an agency's finance contact (plain text). */
export const bnplMails = {
  settlementApproved: (requestId: number, amountCents: number, refs: string[]) => ({
    subject: 'Buy now, pay later settlement approved',
    text: `Your buy now, pay later settlement #${requestId} of ${aud(amountCents)} has been approved.\nSettled policies: ${refs.join(', ')}\nYour allowance has been restored by the same amount.\nOpen your buy now, pay later page: ${link(agencyLinks.bnpl)}`,
  }),
  settlementRejected: (requestId: number, amountCents: number, reason: string) => ({
    subject: 'Buy now, pay later settlement rejected',
    text: `Your buy now, pay later settlement #${requestId} of ${aud(amountCents)} was rejected.\nReason: ${reason}\nThe policies are still to be settled; you can send a new settlement here: ${link(agencyLinks.bnpl)}`,
  }),
  settlementReminder: (p: { ref: string; amountCents: number; deadline: Date; days: number }) => ({
    subject: `Buy now, pay later: policy ${p.ref} is due for settlement in ${p.days === 1 ? '1 day' : `${p.days} days`}`,
    text: `The buy now, pay later purchase of policy ${p.ref} (${aud(p.amountCents)}) must be settled by ${formatDate(p.deadline)}.\nAfter that date your agency cannot buy with buy now, pay later until it is settled.\nSettle it here: ${link(agencyLinks.bnpl)}`,
  }),
}
