import { generateRegistrationOptions } from '@simplewebauthn/server'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict } from '../shared/errors'
import {
  descriptorsOf,
  keepChallenge,
  MAX_PASSKEYS,
  passkeysOf,
  relyingParty,
  userHandleOf,
} from './passkeys'

/**
 * What the person's browser needs to make a passkey for this app (navigator.credentials.create):
 * this app as the relying party, a challenge kept five minutes for one answer, and their
 * passkeys already made (an authenticator holding one is not asked again). Any signed-in person.
 */
export const startPasskeyRegistration = defineUseCase(
  { staff: true, agency: true, stepUp: 'when-enrolled' },
  async function startPasskeyRegistration(opts: { actor: Actor }) {
    const { identityId, email } = opts.actor as Extract<Actor, { identityId: number }>
    const mine = await passkeysOf(identityId)
    if (mine.length >= MAX_PASSKEYS)
      throw conflict(`You have ${MAX_PASSKEYS} passkeys: remove one to add another`)
    const rp = relyingParty()
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: email,
      userDisplayName: email,
      userID: userHandleOf(identityId),
      attestationType: 'none',
      excludeCredentials: descriptorsOf(mine),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    })
    await keepChallenge(identityId, 'registration', options.challenge)
    return options
  },
)
