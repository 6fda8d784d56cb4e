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

/** The outbox row of a mail: attachments are named at the end of the text (it keeps text only). */
function outboxRow(mail: Mail, idempotencyKey?: string) {
  const attached = (mail.attachments ?? []).map((a) => `Attached: ${a.filename}`)
  const text = attached.length ? `${mail.text}\n${attached.join('\n')}` : mail.text
  return {
    to: mail.to.toLowerCase(),
    subject: mail.subject,
    text,
    html: mail.html,
    idempotency_key: idempotencyKey,
  }
}

/** Development and test transport: mails are rows, readable at /dev/mail and /api/dev/outbox. */
export const outboxTransport: MailTransport = {
  async send(mail) {
    await getDb().insert(outboxMails).values(outboxRow(mail))
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

/**
 * Sends a mail; the html part is derived from the text when not given. With an idempotency key
 * (a workflow activity's, which Temporal may retry after the mail went out) the mail goes out at
 * most once per key: the key is claimed as an outbox row before sending, and a key already there
 * means "already sent". For the outbox transport the claim is the sending; under SMTP a send that
 * fails gives the key back, so the retry sends it. Answers whether this call sent the mail.
 */
export async function sendMail(mail: Mail, opts: { idempotencyKey?: string } = {}): Promise<boolean> {
  const full = { ...mail, html: mail.html ?? htmlOf(mail.text) }
  const key = opts.idempotencyKey
  const t = mailTransport()
  if (!key) {
    await t.send(full)
    return true
  }
  const claimed = await getDb()
    .insert(outboxMails)
    .values(outboxRow(full, key))
    .onConflictDoNothing({ target: outboxMails.idempotency_key })
    .returning({ id: outboxMails.id })
  if (!claimed.length) return false
  if (t === outboxTransport) return true
  try {
    await t.send(full)
  } catch (err) {
    await getDb().delete(outboxMails).where(eq(outboxMails.id, claimed[0].id))
    throw err
  }
  return true
}

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
