import { config } from '../shared/config'
import { onboardingLinks } from '../shared/links'

const link = (path: string) => new URL(path, config().APP_URL).toString()

/** Every mail the product sends, as plain text (the html part is derived). */
export const mails = {
  otp: (code: string, verifyPath: string) => ({
    subject: 'Your verification code',
    text: `Your one-time verification code is ${code}.\nIt expires in 10 minutes.\nVerification code: ${code}\nEnter it here: ${link(verifyPath)}`,
  }),
  invitation: (agencyId: number, token: string) => ({
    subject: 'You are invited to sell OSHC with us',
    text: `You have been invited to register your agency.\nComplete your registration here: ${link(`/register?invitation=${token}&agencyId=${agencyId}`)}`,
  }),
  temporaryPassword: (email: string, password: string) => ({
    subject: 'Your agency portal login',
    text: `Your login has been created.\nEmail: ${email}\nTemporary password: ${password}\nSign in at ${link('/login')} and choose a new password.`,
  }),
  agreementSent: (companyName: string) => ({
    subject: 'Your agency agreement is ready to sign',
    text: `Hello ${companyName},\nYour agency agreement is ready. Download it, sign it and upload the signed copy at ${link(onboardingLinks.agreement)}.`,
  }),
  passwordReset: (token: string) => ({
    subject: 'Reset your password',
    text: `A password reset was requested for your account.\nReset it here within one hour: ${link(`/reset-password?token=${token}`)}\nIf you did not ask for this, ignore this mail.`,
  }),
  portalActivated: (companyName: string) => ({
    subject: 'Your agency portal is active',
    text: `Hello ${companyName},\nYour portal is now active. Sign in at ${link('/login')} to compare quotes and sell policies.`,
  }),
  reminder: (what: string, path: string) => ({
    subject: `Reminder: ${what}`,
    text: `This is a reminder: ${what}.\nContinue here: ${link(path)}`,
  }),
  escalation: (what: string, path: string) => ({
    subject: `Escalation: ${what}`,
    text: `Nobody has acted on this after a reminder: ${what}.\nOpen: ${link(path)}`,
  }),
}

export function htmlOf(text: string) {
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return `<div style="font-family:sans-serif">${esc
    .split('\n')
    .map((l) => `<p>${l}</p>`)
    .join('')}</div>`
}

/** A notification mailed at once, and the daily digest of several. */
const DIGEST_LISTED = 50

export const notificationMails = {
  one: (n: { title: string; message: string; link: string | null }) => ({
    subject: n.title,
    text: `${n.message}${n.link ? `\nOpen: ${link(n.link)}` : ''}\n\nChoose which notifications reach you by mail: ${link('/notifications/settings')}`,
  }),
  digest: (items: { title: string; message: string; link: string | null }[]) => ({
    subject: `Your daily digest: ${items.length} notification${items.length === 1 ? '' : 's'}`,
    // A long day lists its first 50; the rest wait on the notifications page.
    text: `${items
      .slice(0, DIGEST_LISTED)
      .map((n) => `- ${n.title}\n  ${n.message}${n.link ? `\n  ${link(n.link)}` : ''}`)
      .join('\n')}${
      items.length > DIGEST_LISTED
        ? `\n\n…and ${items.length - DIGEST_LISTED} more: ${link('/notifications')}`
        : ''
    }\n\nChoose which notifications reach you by mail: ${link('/notifications/settings')}`,
  }),
}
