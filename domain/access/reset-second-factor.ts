import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyUsers,
  identities,
  identityFactors,
  oshcUsers,
  passkeyChallenges,
  passkeys,
  recoveryCodes,
} from '../../db/schema'
import { sendMail } from '../mail/mailer'
import type { StaffActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { config } from '../shared/config'
import { conflict, notFound } from '../shared/errors'
import { logError } from '../shared/log'
import { recordSecurityEvent, type ClientInfo } from './security-log'
import { ResetSecondFactorSchema, type ResetSecondFactorInput } from './security-log.schemas'
import { revokeSessions } from './sessions'

export const NOT_YOUR_OWN_RESET =
  'You cannot reset your own second factor. Ask another administrator, or use a recovery code.'

const resetMail = () => ({
  subject: 'Your second factor was reset',
  text:
    'An administrator of the OSHC Back Office reset the second factor of your account: your ' +
    'authenticator app, passkeys and recovery codes no longer work, and you have been signed out ' +
    `everywhere.\nSign in at ${new URL('/login', config().APP_URL).toString()} and set up a second ` +
    'factor again from Sign-in security.\nIf you did not ask for this, tell your administrator at once.',
})

/** The identity and e-mail of a staff user or an agency user, by their user id. */
async function personOf(target: ResetSecondFactorInput) {
  const users = target.user_type === 'staff' ? oshcUsers : agencyUsers
  const [person] = await getDb()
    .select({ identityId: identities.id, email: identities.email })
    .from(users)
    .innerJoin(identities, eq(identities.id, users.identity_id))
    .where(eq(users.id, target.user_id))
  if (!person) throw notFound('User')
  return person
}

/**
 * An administrator's reset of a person's second factor (a lost phone): removes their authenticator
 * app, passkeys and recovery codes and ends all their sessions, in one transaction with its row
 * in the security log (who reset whom); the person is mailed after commit. A staff user or an
 * agency user; nobody resets their own. Staff with user_management. Idempotent (a person without
 * a factor is signed out and told again).
 */
export const resetSecondFactor = defineUseCase(
  { staff: ['user_management'] },
  async function resetSecondFactor(
    opts: { actor: StaffActor; client?: ClientInfo } & Partial<ResetSecondFactorInput>,
  ) {
    const target = ResetSecondFactorSchema.parse({ user_type: opts.user_type, user_id: opts.user_id })
    const person = await personOf(target)
    if (person.identityId === opts.actor.identityId) throw conflict(NOT_YOUR_OWN_RESET)
    const removed = await getDb().transaction(async (tx) => {
      const id = person.identityId
      const factors = await tx
        .delete(identityFactors)
        .where(eq(identityFactors.identity_id, id))
        .returning({ id: identityFactors.id })
      const keys = await tx
        .delete(passkeys)
        .where(eq(passkeys.identity_id, id))
        .returning({ id: passkeys.id })
      await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.identity_id, id))
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.identity_id, id))
      await revokeSessions(person.identityId, { tx })
      const detail = {
        by_identity_id: opts.actor.identityId,
        by_email: opts.actor.email,
        user_type: target.user_type,
        user_id: target.user_id,
        authenticator_apps: factors.length,
        passkeys: keys.length,
      }
      await recordSecurityEvent(tx, {
        kind: 'second_factor_reset',
        identityId: person.identityId,
        email: person.email,
        method: 'admin',
        client: opts.client,
        detail,
      })
      return { authenticatorApps: factors.length, passkeys: keys.length }
    })
    // The reset stands even if the mail cannot go out now; the log says who did it.
    await sendMail({ to: person.email, ...resetMail() }).catch((err) =>
      logError('access', err, { what: 'second factor reset mail', identityId: person.identityId }),
    )
    return { email: person.email, removed }
  },
)
