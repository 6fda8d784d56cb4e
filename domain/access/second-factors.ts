// A person's second factor (issue 24): a time-based one-time code app (RFC 6238, by `otpauth`)
// and single-use recovery codes. Helpers of the sign-in, enrolment and step-up use cases.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'
import { getDb, type DbOrTx } from '../../db/client'
import { identityFactors, passkeys, recoveryCodes } from '../../db/schema'
import { clock } from '../shared/clock'
import { secretFor } from '../shared/config'
import { seal, sha256, unseal } from '../shared/crypto'

const ISSUER = 'OSHC Back Office'
const PERIOD = 30
export const RECOVERY_CODE_COUNT = 10

const sealingKey = () => secretFor('second-factor-secrets')

/** The code generator of a secret (SHA-1, six digits, 30 seconds: what every authenticator app reads). */
export const totpOf = (secretBase32: string, email: string) =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label: email,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
    period: PERIOD,
  })

/** A fresh secret, sealed for storage, with what the person's app needs (URI for the QR code, key). */
export function newTotpSecret() {
  return seal(new OTPAuth.Secret({ size: 20 }).base32, sealingKey())
}

/** What the person's app needs to add an unconfirmed factor: the QR code of its URI and the key. */
export async function pendingTotpSetup(factor: { secret_sealed: string }, email: string) {
  const key = unseal(factor.secret_sealed, sealingKey())
  return { key, qr: await QRCode.toDataURL(totpOf(key, email).toString()) }
}

/** The person's factor (confirmed or not). */
export async function factorOf(identityId: number, db: DbOrTx = getDb()) {
  const [factor] = await db
    .select()
    .from(identityFactors)
    .where(and(eq(identityFactors.identity_id, identityId), eq(identityFactors.kind, 'totp')))
  return factor
}

/**
 * SQL: whether the identity (a column or value) has a second factor: a confirmed authenticator
 * app or a passkey (each passkey is verified when it is added).
 */
export const hasFactorSql = (identityId: SQL) =>
  sql<boolean>`(EXISTS (SELECT 1 FROM ${identityFactors} f WHERE f.identity_id = ${identityId} AND f.confirmed_at IS NOT NULL)
    OR EXISTS (SELECT 1 FROM ${passkeys} pk WHERE pk.identity_id = ${identityId}))`

export async function hasConfirmedFactor(identityId: number) {
  const { rows } = await getDb().execute<{ has: boolean }>(
    sql`SELECT ${hasFactorSql(sql`${identityId}`)} AS has`,
  )
  return rows[0]?.has === true
}

/**
 * Accepts a six-digit code of the factor once: the step it belongs to (the current one, or one
 * either side for clock drift) must be later than the last accepted. Locks the factor's row.
 */
export async function acceptTotpCode(tx: DbOrTx, identityId: number, email: string, code: string) {
  const [factor] = await tx
    .select()
    .from(identityFactors)
    .where(and(eq(identityFactors.identity_id, identityId), eq(identityFactors.kind, 'totp')))
    .for('update')
  if (!factor || !/^\d{6}$/.test(code)) return null
  const now = clock.now().getTime()
  const delta = totpOf(unseal(factor.secret_sealed, sealingKey()), email).validate({
    token: code,
    timestamp: now,
    window: 1,
  })
  if (delta === null) return null
  const step = Math.floor(now / 1000 / PERIOD) + delta
  if (factor.last_step !== null && step <= factor.last_step) return null
  await tx.update(identityFactors).set({ last_step: step }).where(eq(identityFactors.id, factor.id))
  return factor
}

/** Ten new recovery codes (the old ones go): returned once in the clear, stored hashed. */
export async function replaceRecoveryCodes(tx: DbOrTx, identityId: number) {
  // 60 random bits each (12 base32 characters), shown in groups of four.
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = new OTPAuth.Secret({ size: 8 }).base32.slice(0, 12)
    return `${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8)}`
  })
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.identity_id, identityId))
  await tx
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ identity_id: identityId, code_hash: sha256(normalise(c)) })))
  return codes
}

const normalise = (code: string) => code.replace(/[\s-]/g, '').toUpperCase()

/** Uses one unused recovery code of the person, once. */
export async function useRecoveryCode(tx: DbOrTx, identityId: number, code: string) {
  const [used] = await tx
    .update(recoveryCodes)
    .set({ used_at: clock.now() })
    .where(
      and(
        eq(recoveryCodes.identity_id, identityId),
        eq(recoveryCodes.code_hash, sha256(normalise(code))),
        isNull(recoveryCodes.used_at),
      ),
    )
    .returning({ id: recoveryCodes.id })
  return !!used
}
