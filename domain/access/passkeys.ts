// Passkeys (WebAuthn) as a second factor (issue 24), checked by @simplewebauthn/server: the
// relying party this app is, the one-use challenges of each ceremony, a person's passkeys, and
// the check of an assertion that the sign-in and the step-up share.
import {
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
} from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { and, desc, eq, gt, lte, notInArray, or } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { passkeyChallenges, passkeys } from '../../db/schema'
import { clock } from '../shared/clock'
import { config, secretFor } from '../shared/config'
import { hmac } from '../shared/crypto'

/** Passkeys one person may hold. */
export const MAX_PASSKEYS = 10
const CHALLENGE_TTL_MS = 5 * 60_000
/** Challenges of one purpose a person may have outstanding (a few tabs, a retried ceremony). */
const OUTSTANDING = 5

export const PASSKEY_NOT_ACCEPTED = 'The passkey was not accepted. Try again, or enter a code instead.'

export type CeremonyPurpose = 'registration' | 'sign-in' | 'step-up'

/**
 * This app as a WebAuthn relying party: its origin (APP_ORIGIN, else APP_URL's) and the host
 * name of that origin as the RP id, so a passkey made here works only here.
 */
export function relyingParty() {
  const c = config()
  const origin = c.APP_ORIGIN ?? new URL(c.APP_URL).origin
  return { id: new URL(origin).hostname, name: 'OSHC Back Office', origin }
}

/** The opaque WebAuthn user handle of a person (no e-mail or id in the clear), the same each time. */
export const userHandleOf = (identityId: number) =>
  new Uint8Array(Buffer.from(hmac(secretFor('passkey-user-handle'), String(identityId)), 'hex'))

/** Keeps a challenge handed to the person's browser, dropping expired and surplus ones. */
export async function keepChallenge(identityId: number, purpose: CeremonyPurpose, challenge: string) {
  const db = getDb()
  const mine = and(eq(passkeyChallenges.identity_id, identityId), eq(passkeyChallenges.purpose, purpose))
  const newest = db
    .select({ id: passkeyChallenges.id })
    .from(passkeyChallenges)
    .where(mine)
    .orderBy(desc(passkeyChallenges.id))
    .limit(OUTSTANDING - 1)
  await db
    .delete(passkeyChallenges)
    .where(
      and(mine, or(lte(passkeyChallenges.expires_at, clock.now()), notInArray(passkeyChallenges.id, newest))),
    )
  await db.insert(passkeyChallenges).values({
    identity_id: identityId,
    purpose,
    challenge,
    expires_at: new Date(clock.now().getTime() + CHALLENGE_TTL_MS),
  })
}

/** Takes (uses up) a live challenge of the person for `purpose`; false when there is none. */
export async function takeChallenge(
  db: DbOrTx,
  identityId: number,
  purpose: CeremonyPurpose,
  challenge: string,
) {
  const taken = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.identity_id, identityId),
        eq(passkeyChallenges.purpose, purpose),
        eq(passkeyChallenges.challenge, challenge),
        gt(passkeyChallenges.expires_at, clock.now()),
      ),
    )
    .returning({ id: passkeyChallenges.id })
  return taken.length > 0
}

/** The person's passkeys, oldest first. */
export async function passkeysOf(identityId: number, db: DbOrTx = getDb()) {
  return db.select().from(passkeys).where(eq(passkeys.identity_id, identityId)).orderBy(passkeys.id)
}

/** Whether the person has any passkey. */
export async function hasPasskey(identityId: number) {
  const [row] = await getDb()
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.identity_id, identityId))
    .limit(1)
  return !!row
}

/** The credentials a browser may offer (allowCredentials, excludeCredentials). */
export const descriptorsOf = (rows: { credential_id: string; transports: string[] }[]) =>
  rows.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransport[] }))

/**
 * Checks a passkey's answer to a challenge of `purpose`: the credential must be one of the
 * person's (another person's is refused as unknown), the challenge one of theirs (used up here,
 * whatever the outcome), origin, RP id, signature and a rising counter as the library checks
 * them. Counts the use (counter, last use). The passkey's row, or null when refused.
 */
export async function acceptPasskeyAssertion(
  tx: DbOrTx,
  identityId: number,
  purpose: CeremonyPurpose,
  response: AuthenticationResponseJSON,
) {
  const [passkey] = await tx
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credential_id, response.id), eq(passkeys.identity_id, identityId)))
    .for('update')
  if (!passkey) return null
  const rp = relyingParty()
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(tx, identityId, purpose, challenge),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    })
    if (!verified) return null
    await tx
      .update(passkeys)
      .set({ counter: authenticationInfo.newCounter, last_used_at: clock.now() })
      .where(eq(passkeys.id, passkey.id))
    return passkey
  } catch {
    // The library throws on anything it refuses (wrong challenge, origin, signature, counter).
    return null
  }
}
