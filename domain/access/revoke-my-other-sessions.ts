import { and, eq, ne } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { sessions } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { sha256 } from '../shared/crypto'
import { DomainError } from '../shared/errors'
import { recordSecurityEvent, type ClientInfo } from './security-log'
import { revokeSessionsById } from './sessions'

/**
 * "Sign out everywhere else": ends every session of the caller but the one of
 * `currentSessionToken`, which is required (without it this would sign the caller out too).
 * Written to the security log when anything ended. Any signed-in person, for themselves only.
 */
export const revokeMyOtherSessions = defineUseCase(
  { staff: true, agency: true },
  async function revokeMyOtherSessions(opts: {
    actor: Actor
    currentSessionToken: string | null | undefined
    client?: ClientInfo
  }) {
    const { identityId, email } = opts.actor as Extract<Actor, { identityId: number }>
    if (!opts.currentSessionToken) throw new DomainError('UNAUTHENTICATED', 'You must be signed in')
    const keep = sha256(opts.currentSessionToken)
    return getDb().transaction(async (tx) => {
      const others = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.identity_id, identityId), ne(sessions.token_hash, keep)))
      const ended = await revokeSessionsById(
        identityId,
        others.map((s) => s.id),
        tx,
      )
      if (ended.length)
        await recordSecurityEvent(tx, {
          kind: 'session_revoked',
          identityId,
          email,
          client: opts.client,
          detail: { session_ids: ended, by: 'self', scope: 'others' },
        })
      return { revoked: ended.length }
    })
  },
)
