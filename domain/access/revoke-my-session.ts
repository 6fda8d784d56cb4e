import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '../../db/client'
import { sessions } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { sha256 } from '../shared/crypto'
import { notFound } from '../shared/errors'
import { recordSecurityEvent, type ClientInfo } from './security-log'
import { revokeSessionsById } from './sessions'

export const RevokeMySessionSchema = z.object({ session_id: z.coerce.number().int().positive() })

/**
 * Signs one of the caller's own sessions out (a device they no longer use or do not know). Another
 * person's session, or one already ended, is NOT_FOUND. Ending the session of
 * `currentSessionToken` is allowed (a sign-out): `current` says so. Written to the security log.
 * Any signed-in person.
 */
export const revokeMySession = defineUseCase(
  { staff: true, agency: true },
  async function revokeMySession(opts: {
    actor: Actor
    sessionId: number
    currentSessionToken?: string | null
    client?: ClientInfo
  }) {
    const { identityId, email } = opts.actor as Extract<Actor, { identityId: number }>
    const { session_id } = RevokeMySessionSchema.parse({ session_id: opts.sessionId })
    return getDb().transaction(async (tx) => {
      const [session] = await tx
        .select({ hash: sessions.token_hash })
        .from(sessions)
        .where(and(eq(sessions.id, session_id), eq(sessions.identity_id, identityId)))
        .for('update')
      if (!session) throw notFound('Session')
      await revokeSessionsById(identityId, [session_id], tx)
      await recordSecurityEvent(tx, {
        kind: 'session_revoked',
        identityId,
        email,
        client: opts.client,
        detail: { session_ids: [session_id], by: 'self' },
      })
      const current = !!opts.currentSessionToken && sha256(opts.currentSessionToken) === session.hash
      return { revoked: 1, current }
    })
  },
)
