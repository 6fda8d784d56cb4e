import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { identities, passwordResetTokens } from '../../db/schema'
import { DomainError, notFound } from '../shared/errors'
import type { Actor } from '../shared/actor'
import { actorLabel } from '../shared/actor'
import { randomToken, sha256 } from '../shared/crypto'
import { sendMail } from '../mail/mailer'
import { mails } from '../mail/templates'
import { recordFirstPasswordChange } from '../agencies/onboarding/status-moves'
import { notifyWorkflow } from '../agencies/onboarding/workflow-signal'
import { logError } from '../shared/log'
import { attemptLimiter, type AttemptLimits } from '../shared/rate-limit'
import { hashPassword, passwordSchema, verifyPassword } from './passwords'
import { revokeSessions } from './sessions'
import { defineUseCase } from '../shared/authorize'
import { clock } from '../shared/clock'

function checkNewPassword(field: string, password: string, email: string) {
  const r = passwordSchema(email).safeParse(password)
  if (!r.success) {
    const message = r.error.issues[0].message
    throw new DomainError('VALIDATION', message, { [field]: r.error.issues.map((i) => i.message) })
  }
}

/**
 * changePassword: the signed-in person replaces their password. An agency changing its temporary
 * password at first sign-in moves SIGN_UP_REQUEST_SENT -> LOGIN_CRED_CHANGED. Every other
 * session of the person ends; the one given as `currentSessionToken` (the caller's) stays.
 */
export const changePassword = defineUseCase(
  { staff: true, agency: true },
  async function changePassword(opts: {
    actor: Actor
    currentPassword: string
    newPassword: string
    currentSessionToken?: string
  }) {
    const { actor } = opts
    if (!('identityId' in actor)) throw new DomainError('UNAUTHENTICATED', 'You must be signed in')
    const db = getDb()
    const [identity] = await db.select().from(identities).where(eq(identities.id, actor.identityId))
    if (!identity?.password_hash) throw notFound('Account')
    if (!(await verifyPassword(identity.password_hash, opts.currentPassword))) {
      throw new DomainError('VALIDATION', 'The current password is not correct', {
        currentPassword: ['The current password is not correct'],
      })
    }
    checkNewPassword('newPassword', opts.newPassword, identity.email)
    if (opts.newPassword === opts.currentPassword) {
      throw new DomainError('VALIDATION', 'Choose a password different from the current one', {
        newPassword: ['Choose a password different from the current one'],
      })
    }
    const hash = await hashPassword(opts.newPassword)
    let agencyId: number | undefined
    await db.transaction(async (tx) => {
      await tx
        .update(identities)
        .set({ password_hash: hash, must_change_password: false })
        .where(eq(identities.id, identity.id))
      await revokeSessions(identity.id, { except: opts.currentSessionToken, tx })
      if (actor.kind === 'Agency')
        agencyId = await recordFirstPasswordChange(tx, actor.agencyId, actorLabel(actor))
    })
    if (agencyId) await notifyWorkflow(agencyId)
    return { changed: true }
  },
)

const RESET_TTL_MS = 60 * 60 * 1000
const RESET_SENT = 'If an account exists for this e-mail, a reset link has been sent.'

/** Each request mails: a few per address and IP, then a growing wait per address (see attemptLimiter). */
const FORGOT_LIMITS: AttemptLimits = {
  pair: { max: 3, window: 15 * 60 },
  identity: { free: 3, maxDelay: 60, window: 60 * 60 },
  ip: { max: 30, window: 15 * 60 },
}

const findIdentityByEmail = async (email: string) =>
  (
    await getDb()
      .select({ id: identities.id, email: identities.email })
      .from(identities)
      .where(eq(sql`lower(${identities.email})`, email.trim().toLowerCase()))
  )[0]

async function mailResetLink(identity: { id: number; email: string }) {
  const token = randomToken()
  await getDb()
    .insert(passwordResetTokens)
    .values({
      token_hash: sha256(token),
      identity_id: identity.id,
      expires_at: new Date(clock.now().getTime() + RESET_TTL_MS),
    })
  await sendMail({ to: identity.email, ...mails.passwordReset(token) })
}

/** Staff sending an agency its reset link: mails it now when the e-mail has an account. */
export async function requestPasswordReset(opts: { email: string }) {
  const identity = await findIdentityByEmail(opts.email)
  if (identity) await mailResetLink(identity)
  return { message: RESET_SENT }
}

/**
 * forgotPassword (public): the same answer, in the same time, whether or not the e-mail has an
 * account: the link is written and mailed after the answer, not before it.
 */
export async function forgotPassword(opts: { email: string; clientIp: string }) {
  const limiter = attemptLimiter('forgot', opts.clientIp, opts.email, FORGOT_LIMITS)
  await limiter.assertAllowed()
  await limiter.failed()
  const identity = await findIdentityByEmail(opts.email)
  if (identity) {
    void mailResetLink(identity).catch((err) => logError('auth', err, { note: 'password reset mail failed' }))
  }
  return { message: RESET_SENT }
}

/**
 * resetPassword (public): consumes the mailed token, sets the password and signs out every
 * session. Wrong tokens count against the IP (the token itself names the account).
 */
export async function resetPassword(opts: { token: string; password: string; clientIp: string }) {
  const limiter = attemptLimiter('reset', opts.clientIp)
  const db = getDb()
  const [row] = await db
    .select({ t: passwordResetTokens, email: identities.email })
    .from(passwordResetTokens)
    .innerJoin(identities, eq(identities.id, passwordResetTokens.identity_id))
    .where(
      and(
        eq(passwordResetTokens.token_hash, sha256(opts.token)),
        isNull(passwordResetTokens.used_at),
        gt(passwordResetTokens.expires_at, sql`now()`),
      ),
    )
  if (!row) {
    await limiter.failed()
    throw new DomainError('VALIDATION', 'This reset link is invalid or has expired', {
      token: ['This reset link is invalid or has expired'],
    })
  }
  checkNewPassword('password', opts.password, row.email)
  const hash = await hashPassword(opts.password)
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ used_at: clock.now() })
      .where(eq(passwordResetTokens.id, row.t.id))
    await tx
      .update(identities)
      .set({ password_hash: hash, must_change_password: false })
      .where(eq(identities.id, row.t.identity_id))
    await revokeSessions(row.t.identity_id, { tx })
  })
  return { reset: true }
}
