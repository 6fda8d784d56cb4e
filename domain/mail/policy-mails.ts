import { formatDate } from '../shared/format'

/** Mails about policies, as plain text (the html part is derived), in the style of templates.ts. */
export const policyMails = {
  certificateIssued: (p: {
    studentName: string
    ref: string
    insurer: string
    membershipNumber: string
    policyNumber: string | null
    startDate: string | null
    endDate: string | null
    certificateName: string
  }) => ({
    subject: `Your OSHC certificate for policy ${p.ref}`,
    text: [
      `Hello ${p.studentName},`,
      `Your Overseas Student Health Cover with ${p.insurer} has been issued.`,
      `Policy reference: ${p.ref}`,
      `Membership number: ${p.membershipNumber}`,
      ...(p.policyNumber ? [`Policy number: ${p.policyNumber}`] : []),
      ...(p.startDate && p.endDate ? [`Cover: ${formatDate(p.startDate)} to ${formatDate(p.endDate)}`] : []),
      `Your certificate (${p.certificateName}) is attached. Keep it with your visa documents.`,
    ].join('\n'),
  }),
}
