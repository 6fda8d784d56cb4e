import { config } from '../shared/config'
import { formatCents } from '../shared/format'
import { agencyLinks } from '../shared/links'

const link = (path: string) => new URL(path, config().APP_URL).toString()
const aud = (cents: number) => formatCents(cents)

/** Mails of the finance desk to agencies, as plain text (the html part is derived). */
export const financeMails = {
  policyPaymentApproved: (ref: string, amountCents: number) => ({
    subject: `Payment approved for policy ${ref}`,
    text: `Your bank payment of ${aud(amountCents)} for policy ${ref} has been verified and approved.\nThe policy is now paid; its certificate follows.\nOpen your finance page: ${link(agencyLinks.finance)}`,
  }),
  policyPaymentPartlyReceived: (ref: string, receivedCents: number, stillDueCents: number) => ({
    subject: `Part payment received for policy ${ref}`,
    text: `We received a bank transfer of ${aud(receivedCents)} for policy ${ref}. ${aud(stillDueCents)} is still due: please transfer it quoting ${ref}.\nThe policy waits for the rest: it is paid, and its certificate follows, once the whole premium is received.\nOpen your finance page: ${link(agencyLinks.finance)}`,
  }),
  policyPaymentRejected: (ref: string, policyId: number, reason: string, heldCents = 0) => ({
    subject: `Payment rejected for policy ${ref}`,
    text: `Your bank payment for policy ${ref} could not be verified and was rejected.\nReason: ${reason}\n${heldCents ? `The ${aud(heldCents)} received for it is held by our finance team, who will refund it or apply it as agreed with you.\n` : ''}You can pay again here: ${link(agencyLinks.policyPay(policyId))}`,
  }),
  topupApproved: (amountCents: number, balanceCents: number) => ({
    subject: 'Top-up approved',
    text: `Your top-up of ${aud(amountCents)} has been approved and credited to your agency balance.\nBalance now: ${aud(balanceCents)}\nOpen your finance page: ${link(agencyLinks.finance)}`,
  }),
  topupRejected: (amountCents: number, reason: string) => ({
    subject: 'Top-up rejected',
    text: `Your top-up of ${aud(amountCents)} was rejected.\nReason: ${reason}\nYou can request a new top-up here: ${link(agencyLinks.topups)}`,
  }),
}

/** Where finance mails to an agency go: its finance contact, else its login e-mail. */
export const financeRecipient = (agency: { finance_comms_email: string | null; email: string }) =>
  agency.finance_comms_email || agency.email
