import nodemailer from 'nodemailer'
import { desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { outboxMails } from '../../db/schema'
import { config } from '../shared/config'
import { htmlOf } from './templates'

export type MailAttachment = { filename: string; content: Buffer; contentType: string }
export type Mail = {
  to: string
  subject: string
  text: string
  html?: string
  attachments?: MailAttachment[]
}

export interface MailTransport {
  send(mail: Mail): Promise<void>
}

/** Development and test transport: mails are rows, readable at /dev/mail and /api/dev/outbox. */
export const outboxTransport: MailTransport = {
  async send(mail) {
    // The outbox keeps text only: attachments are named at the end of the text.
    const attached = (mail.attachments ?? []).map((a) => `Attached: ${a.filename}`)
    const text = attached.length ? `${mail.text}\n${attached.join('\n')}` : mail.text
    await getDb()
      .insert(outboxMails)
      .values({ to: mail.to.toLowerCase(), subject: mail.subject, text, html: mail.html })
  },
}

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url)
  return {
    async send(mail) {
      await transporter.sendMail({ from: config().MAIL_FROM, ...mail })
    },
  }
}

let transport: MailTransport | undefined

export function mailTransport(): MailTransport {
  transport ??= config().SMTP_URL ? smtpTransport(config().SMTP_URL!) : outboxTransport
  return transport
}

/** Sends a mail; the html part is derived from the text when not given. */
export const sendMail = (mail: Mail) =>
  mailTransport().send({ ...mail, html: mail.html ?? htmlOf(mail.text) })

export async function findOutbox(to?: string, limit = 100) {
  const db = getDb()
  const q = db
    .select({
      id: outboxMails.id,
      to: outboxMails.to,
      subject: outboxMails.subject,
      text: outboxMails.text,
      html: outboxMails.html,
      created_at: outboxMails.created_at,
    })
    .from(outboxMails)
  return (to ? q.where(eq(outboxMails.to, to.toLowerCase())) : q).orderBy(desc(outboxMails.id)).limit(limit)
}
