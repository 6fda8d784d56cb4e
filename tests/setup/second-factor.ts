// What the tests of sign-in and second factors share: a staff member with a known password, and an
// app clock moved ahead of real time (a later 30-second step of the authenticator app).
import { hash } from '@node-rs/argon2'
import { afterEach, vi } from 'vitest'
import { getDb } from '../../db/client'
import { identities, oshcUsers } from '../../db/schema'
import { totpOf } from '../../domain/access/second-factors'
import { clock } from '../../domain/shared/clock'

export const PASSWORD = 'Staff-Passw0rd!'
let seq = 0

/** A staff member without a role, signing in with PASSWORD; `tag` starts the e-mail. */
export async function staffMember(tag: string, opts: { status?: 'ENABLED' | 'DISABLED' } = {}) {
  const email = `${tag}-${Date.now().toString(36)}-${process.pid}-${++seq}@oshc.local`
  const [identity] = await getDb()
    .insert(identities)
    .values({ email, kind: 'Oshc', password_hash: await hash(PASSWORD) })
    .returning()
  const [user] = await getDb()
    .insert(oshcUsers)
    .values({
      identity_id: identity.id,
      first_name: 'Test',
      last_name: 'Staff',
      email,
      status: opts.status ?? 'ENABLED',
    })
    .returning()
  return { email, identityId: identity.id, userId: user.id }
}

let ahead = 0
/** Moves the app's clock `seconds` further ahead of real time, until the test ends. */
export function later(seconds: number) {
  ahead += seconds
  vi.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + ahead * 1000))
}

afterEach(() => {
  vi.restoreAllMocks()
  ahead = 0
})

/** The authenticator app's code of `key` at the app's clock. */
export const codeAt = (key: string, email: string) =>
  totpOf(key, email).generate({ timestamp: clock.now().getTime() })
