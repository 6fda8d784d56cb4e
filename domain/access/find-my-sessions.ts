import { and, desc, eq, gt } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { sessions } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { clock } from '../shared/clock'
import { sha256 } from '../shared/crypto'
import { describeDevice, deviceLabel } from './devices.rules'

export type MySession = {
  id: number
  /** password or sso */
  method: string
  ip: string | null
  browser: string
  os: string | null
  platform: string | null
  /** "Chrome 131 on macOS 14.4" */
  device: string
  signedInAt: Date
  expiresAt: Date
  /** When the second factor was last given in it (null: never). */
  secondFactorAt: Date | null
  /** Signed in with the password or SSO, but the second factor is still to be given. */
  awaitingSecondFactor: boolean
  /** The session of this request ("this device"). */
  current: boolean
}

/**
 * The caller's own live sessions, newest first, each with its device (browser and system read
 * from the User-Agent it was opened with), IP, sign-in time and method; `current` marks the one of
 * `currentSessionToken`. Any signed-in person, for themselves only.
 */
export const findMySessions = defineUseCase(
  { staff: true, agency: true },
  async function findMySessions(opts: { actor: Actor; currentSessionToken?: string | null }) {
    const { identityId } = opts.actor as Extract<Actor, { identityId: number }>
    const currentHash = opts.currentSessionToken ? sha256(opts.currentSessionToken) : null
    const rows = await getDb()
      .select({
        id: sessions.id,
        hash: sessions.token_hash,
        method: sessions.method,
        ip: sessions.ip,
        userAgent: sessions.user_agent,
        createdAt: sessions.created_at,
        expiresAt: sessions.expires_at,
        secondFactorAt: sessions.second_factor_at,
        pending: sessions.second_factor_pending,
      })
      .from(sessions)
      .where(and(eq(sessions.identity_id, identityId), gt(sessions.expires_at, clock.now())))
      .orderBy(desc(sessions.created_at), desc(sessions.id))
    return rows.map((r): MySession => {
      const d = describeDevice(r.userAgent)
      return {
        id: r.id,
        method: r.method,
        ip: r.ip,
        ...d,
        device: deviceLabel(d),
        signedInAt: r.createdAt,
        expiresAt: r.expiresAt,
        secondFactorAt: r.secondFactorAt,
        awaitingSecondFactor: r.pending,
        current: r.hash === currentHash,
      }
    })
  },
)
