import { config } from '../shared/config'
import { formatCents } from '../shared/format'
import { agencyLinks } from '../shared/links'

const link = (path: string) => new URL(path, config().APP_URL).toString()

/** Mails to the agency about a full refund, as plain text (the html part is derived). */
export const refundMails = {
  initiated: (p: { ref: string; policyId: number; refundableCents: number; deductableCents: number }) => ({
    subject: `Full refund of policy ${p.ref}: amounts set`,
    text: [
      `The refund of policy ${p.ref} has been assessed.`,
      `Refundable premium: ${formatCents(p.refundableCents)}; commission deducted: ${formatCents(p.deductableCents)}.`,
      `You will receive ${formatCents(Math.max(0, p.refundableCents - p.deductableCents))} once it is approved.`,
      `Open the policy: ${link(agencyLinks.policy(p.policyId))}`,
    ].join('\n'),
  }),
  completed: (p: { ref: string; policyId: number; netCents: number; method: string; receiptId: string }) => ({
    subject: `Full refund of policy ${p.ref} paid`,
    text: [
      `The full refund of policy ${p.ref} has been approved and paid: ${formatCents(p.netCents)} (${p.method}).`,
      `Receipt: ${p.receiptId}.`,
      `Open the policy: ${link(agencyLinks.policy(p.policyId))}`,
    ].join('\n'),
  }),
  rejected: (p: { ref: string; policyId: number; reason: string }) => ({
    subject: `Full refund of policy ${p.ref} rejected`,
    text: `The full refund request of policy ${p.ref} was rejected.\nReason: ${p.reason}\nOpen the policy: ${link(agencyLinks.policy(p.policyId))}`,
  }),
}
