import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { passkeys } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { notFound } from '../shared/errors'
import { RemovePasskeySchema } from './passkeys.schemas'
import { recordSecurityEvent, type ClientInfo } from './security-log'
import { forgetCachedSessionsOf } from './sessions'

/**
 * Removes one of the signed-in person's own passkeys (another person's is not found); written to
 * the security log. Without a passkey or an authenticator app left, signing in asks for no
 * second factor.
 */
export const removePasskey = defineUseCase(
  { staff: true, agency: true, stepUp: 'when-enrolled' },
  async function removePasskey(opts: { actor: Actor; id: unknown; client?: ClientInfo }) {
    const { identityId, email } = opts.actor as Extract<Actor, { identityId: number }>
    const parsed = RemovePasskeySchema.safeParse({ id: opts.id })
    if (!parsed.success) throw notFound('Passkey')
    const { id } = parsed.data
    const result = await getDb().transaction(async (tx) => {
      const [gone] = await tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.identity_id, identityId)))
        .returning({ id: passkeys.id, name: passkeys.name })
      if (!gone) throw notFound('Passkey')
      await recordSecurityEvent(tx, {
        kind: 'passkey_removed',
        identityId,
        email,
        method: 'passkey',
        client: opts.client,
        detail: { passkey_id: gone.id, name: gone.name },
      })
      return gone
    })
    // From the next request on, the person's sessions see the change (step-up, policy).
    forgetCachedSessionsOf(identityId)
    return result
  },
)
