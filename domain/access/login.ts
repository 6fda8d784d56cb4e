import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { identities } from '../../db/schema'
import { DomainError } from '../shared/errors'
import { assertUnderLimit, clearLimit, recordFailure } from '../shared/rate-limit'
import { verifyPassword } from './passwords'
import { actorForIdentity, createSession } from './sessions'
import { getProfile } from './get-profile'

const WINDOW = 15 * 60
const PER_IDENTITY = 10
const PER_IP = 50

/**
 * Checks e-mail and password and opens a session. Failures count against the e-mail and the IP;
 * the same message is given for an unknown e-mail and a wrong password.
 */
export async function login(input: { email: string; password: string; clientIp: string }) {
  const email = input.email.trim().toLowerCase()
  const idKey = `login:id:${email}`
  const ipKey = `login:ip:${input.clientIp}`
  await assertUnderLimit(idKey, PER_IDENTITY, WINDOW)
  await assertUnderLimit(ipKey, PER_IP, WINDOW)
  const [identity] = await getDb()
    .select()
    .from(identities)
    .where(eq(sql`lower(${identities.email})`, email))
  const good = identity?.password_hash ? await verifyPassword(identity.password_hash, input.password) : false
  const actor =
    good && identity
      ? await actorForIdentity(identity.id, identity.email, identity.kind, identity.must_change_password)
      : null
  if (!identity || !good || !actor) {
    await recordFailure(idKey, WINDOW)
    await recordFailure(ipKey, WINDOW)
    throw new DomainError('UNAUTHENTICATED', 'Invalid email or password', {
      email: ['Invalid email or password'],
    })
  }
  await clearLimit(idKey)
  const session = await createSession(identity.id)
  const { mustChangePassword, ...plainActor } = actor
  const profile = await getProfile(plainActor)
  return { token: session.token, expiresAt: session.expiresAt, mustChangePassword, profile }
}
