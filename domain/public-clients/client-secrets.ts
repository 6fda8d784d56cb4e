import { randomToken, safeEqual, sha256 } from '../shared/crypto'
import type { PublicClientRow } from './public-client-loading'

/** A new client id (public) and secret (shown once; only its hash is kept). */
export const newClientId = () => `pc_${randomToken(12)}`
export const newClientSecret = () => `pcs_${randomToken(32)}`
export const hashSecret = (secret: string) => sha256(secret)

/** How long the previous secret keeps working after a rotation. */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000

/** Whether `secret` is the client's, or its previous one still within the grace period. */
export function secretMatches(row: PublicClientRow, secret: string, now: Date) {
  const hash = hashSecret(secret)
  if (safeEqual(hash, row.secret_hash)) return true
  return (
    !!row.previous_secret_hash &&
    !!row.previous_secret_expires_at &&
    row.previous_secret_expires_at > now &&
    safeEqual(hash, row.previous_secret_hash)
  )
}
