import { config } from '../shared/config'
import { formatDateTime } from '../shared/format'
import { agencyLinks } from '../shared/links'

const link = (path: string) => new URL(path, config().APP_URL).toString()

const when = (d: Date) => `${formatDateTime(d)} (Sydney time)`

/** Mails of the purchase and payment-link flows, as plain text (the html part is derived). */
export const paymentMails = {
  paymentLinkReminder: (p: { policyRef: string; url: string; expiresAt: Date; amount: string }) => ({
    subject: `Reminder: the payment link for policy ${p.policyRef} expires soon`,
    text: `The payment link for policy ${p.policyRef} (${p.amount}) has not been paid yet.\nIt expires at ${when(p.expiresAt)}.\nPayment link: ${p.url}\nShare it with the student again or create a new link from the policy's payment page.`,
  }),
  paymentLinkPaid: (p: { policyRef: string; policyId: number; amount: string }) => ({
    subject: `Policy ${p.policyRef} has been paid through its payment link`,
    text: `The payment link for policy ${p.policyRef} has been paid by card (${p.amount}).\nThe policy is now paid: ${link(agencyLinks.policy(p.policyId))}`,
  }),
  /** To the student who bought through an agency's website widget. */
  widgetPurchaseConfirmed: (p: {
    firstName: string
    policyRef: string
    provider: string
    cover: string
    amount: string
    agencyName: string
  }) => ({
    subject: `Your health cover is paid: policy ${p.policyRef}`,
    text: `Dear ${p.firstName},\n\nThank you: your payment of ${p.amount} for ${p.provider} overseas student health cover (${p.cover}) has been received. Your reference is ${p.policyRef}.\n\nYour certificate of cover will be sent to this address as soon as the insurer issues it. Questions: contact ${p.agencyName}, who arranged this cover.`,
  }),
}
