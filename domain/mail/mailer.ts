import nodemailer from 'nodemailer'
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { outboxMails } from '../../db/schema'
import { clock } from '../shared/clock'
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
    await getDb()
      .insert(outboxMails)
      .values({ ...outboxRow(mail), sent_at: clock.now() })
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

let transport: { url: string | undefined; transport: MailTransport } | undefined

/** The transport SMTP_URL names (the outbox without it), made again when the setting changes. */
export function mailTransport(): MailTransport {
  const url = config().SMTP_URL
  if (!transport || transport.url !== url)
    transport = { url, transport: url ? smtpTransport(url) : outboxTransport }
  return transport.transport
}

/**
 * The words of a failed attempt, safe to keep and show: the message only (no stack), with the SMTP
 * URL's user and password and any URL's credentials taken out, at most 500 characters.
 */
export function mailErrorText(err: unknown): string {
  let text = err instanceof Error ? err.message : String(err)
  const url = config().SMTP_URL
  if (url) {
    const { username, password } = new URL(url)
    for (const secret of [password, decodeURIComponent(password), username, decodeURIComponent(username)])
      if (secret.length >= 3) text = text.split(secret).join('***')
  }
  text = text.replace(/\/\/[^/\s:@]*:[^/\s@]*@/g, '//***:***@')
  return text.length > 500 ? `${text.slice(0, 499)}…` : text
}

/** Marks a mail's row failed; a failure to record it never hides the sending error. */
async function recordFailure(id: number, err: unknown) {
  await getDb()
    .update(outboxMails)
    .set({ failed_at: clock.now(), last_error: mailErrorText(err) })
    .where(eq(outboxMails.id, id))
    .catch((recordErr: unknown) => console.warn('could not record a failed mail', recordErr))
}

/**
 * Claims a keyed mail's row for this attempt: a new row, or the row of an earlier attempt that
 * failed (the activity's retry takes it over). Undefined when the mail went out already or another
 * attempt is sending it.
 */
async function claim(mail: Mail, key: string): Promise<number | undefined> {
  const db = getDb()
  const [fresh] = await db
    .insert(outboxMails)
    .values({ ...outboxRow(mail, key), attempts: 1 })
    .onConflictDoNothing({ target: outboxMails.idempotency_key })
    .returning({ id: outboxMails.id })
  if (fresh) return fresh.id
  const [retried] = await db
    .update(outboxMails)
    .set({ attempts: sql`${outboxMails.attempts} + 1`, failed_at: null })
    .where(
      and(
        eq(outboxMails.idempotency_key, key),
        isNull(outboxMails.sent_at),
        isNotNull(outboxMails.failed_at),
      ),
    )
    .returning({ id: outboxMails.id })
  return retried?.id
}

/**
 * Sends a mail; the html part is derived from the text when not given. With an idempotency key
 * (a workflow activity's, which Temporal may retry after the mail went out) the mail goes out at
 * most once per key: the key is claimed as an outbox row before sending, and a key already sent or
 * being sent means "already sent". For the outbox transport the claim is the sending. Under SMTP
 * a failed attempt stays in the outbox as failed (attempts, last error, failed at): a keyed mail's
 * retry takes it over and sends it, and a mail sent without a key is recorded failed without its
 * text (it may carry a one-time code), for the operator to see. Answers whether this call sent it.
 */
export async function sendMail(mail: Mail, opts: { idempotencyKey?: string } = {}): Promise<boolean> {
  const full = { ...mail, html: mail.html ?? htmlOf(mail.text) }
  const key = opts.idempotencyKey
  const t = mailTransport()
  if (!key && t === outboxTransport) {
    await t.send(full)
    return true
  }
  if (t === outboxTransport) {
    const [claimed] = await getDb()
      .insert(outboxMails)
      .values({ ...outboxRow(full, key), sent_at: clock.now() })
      .onConflictDoNothing({ target: outboxMails.idempotency_key })
      .returning({ id: outboxMails.id })
    return Boolean(claimed)
  }
  const id = key ? await claim(full, key) : undefined
  if (key && id === undefined) return false
  try {
    await t.send(full)
  } catch (err) {
    if (id !== undefined) await recordFailure(id, err)
    else
      await getDb()
        .insert(outboxMails)
        .values({
          ...outboxRow({ to: full.to, subject: full.subject, text: UNKEPT_TEXT }),
          failed_at: clock.now(),
          last_error: mailErrorText(err),
        })
        .catch((recordErr: unknown) => console.warn('could not record a failed mail', recordErr))
    throw err
  }
  if (id !== undefined)
    await getDb().update(outboxMails).set({ sent_at: clock.now() }).where(eq(outboxMails.id, id))
  return true
}

const UNKEPT_TEXT = '(Not kept: a mail sent without an idempotency key may carry a one-time code.)'

export async function findOutbox(to?: string, limit = 100) {
  const db = getDb()
  const q = db
    .select({
      id: outboxMails.id,
      to: outboxMails.to,
      subject: outboxMails.subject,
      text: outboxMails.text,
      html: outboxMails.html,
      attempts: outboxMails.attempts,
      sent_at: outboxMails.sent_at,
      failed_at: outboxMails.failed_at,
      last_error: outboxMails.last_error,
      created_at: outboxMails.created_at,
    })
    .from(outboxMails)
  return (to ? q.where(eq(outboxMails.to, to.toLowerCase())) : q).orderBy(desc(outboxMails.id)).limit(limit)
}
