import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { widgetPurchaseSecrets } from '../../db/schema'
import { randomToken, safeEqual, sha256 } from '../shared/crypto'

/**
 * The proof that a browser made a widget purchase (DESIGN.md section 11, ADR 0010). A widget
 * token belongs to the client (anyone can get one from the client's allow-listed page), so it
 * cannot tell one buyer from another: createStudentDetails answers a random secret once, keeps
 * only its SHA-256, and every later call about that policy must send it back as
 * `x-purchase-secret`. 32 random bytes need no slow hash.
 */
export const PURCHASE_SECRET_HEADER = 'x-purchase-secret'

/** Keeps a new secret for `policyId` (in the purchase's transaction) and answers it, the one time. */
export async function issuePurchaseSecret(tx: DbOrTx, policyId: number): Promise<string> {
  const secret = `wps_${randomToken(32)}`
  await tx.insert(widgetPurchaseSecrets).values({ policy_id: policyId, secret_hash: sha256(secret) })
  return secret
}

/** Whether `secret` is the one issued for `policyId` (false when either is missing). */
export async function purchaseSecretMatches(
  db: DbOrTx,
  policyId: number,
  secret: string | null | undefined,
): Promise<boolean> {
  if (!secret) return false
  const [row] = await db
    .select({ hash: widgetPurchaseSecrets.secret_hash })
    .from(widgetPurchaseSecrets)
    .where(eq(widgetPurchaseSecrets.policy_id, policyId))
  return !!row && safeEqual(sha256(secret), row.hash)
}
