import { z } from 'zod'
import { endpoint } from '../define'
import { sessionTokenOf } from '../auth.server'
import { DomainError } from '../../domain/shared/errors'
import { findPasskeys } from '../../domain/access/find-passkeys'
import { finishPasskeyRegistration } from '../../domain/access/finish-passkey-registration'
import { NO_SESSION } from '../../domain/access/passkey-sessions'
import { verifyPasskeyForSession } from '../../domain/access/passkey-step-up'
import {
  FinishPasskeyRegistrationSchema,
  PasskeyAssertionSchema,
  RemovePasskeySchema,
} from '../../domain/access/passkeys.schemas'
import { removePasskey } from '../../domain/access/remove-passkey'
import { startPasskeyAuthentication } from '../../domain/access/start-passkey-authentication'
import { startPasskeyRegistration } from '../../domain/access/start-passkey-registration'
import { verifyPasskeySignIn } from '../../domain/access/verify-passkey-sign-in'

// Passkeys (WebAuthn) as a second factor (issue 24). The options and the answers are the JSON
// of @simplewebauthn/browser (startRegistration, startAuthentication), passed through as they are.
const BASE = '/authentication'

const tokenOf = (request: Request) => {
  const token = sessionTokenOf(request)
  if (!token) throw new DomainError('UNAUTHENTICATED', NO_SESSION)
  return token
}
const clientOf = (request: Request, clientIp: string) => ({
  ip: clientIp,
  userAgent: request.headers.get('user-agent'),
})

export const passkeyEndpoints = [
  endpoint({
    method: 'GET',
    path: `${BASE}/passkeys`,
    summary: "The caller's own passkeys (name, added, last used)",
    access: findPasskeys.access,
    handler: async ({ actor }) => ({ data: await findPasskeys({ actor }) }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/passkeyRegistrationOptions`,
    summary:
      'Options for navigator.credentials.create to add a passkey (its challenge is good for five minutes, once)',
    access: startPasskeyRegistration.access,
    handler: async ({ actor }) => ({ data: await startPasskeyRegistration({ actor }) }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/registerPasskey`,
    summary:
      'Add the passkey the browser made for the registration options, under a name; signing in then asks for a second factor',
    access: finishPasskeyRegistration.access,
    body: FinishPasskeyRegistrationSchema,
    handler: async ({ actor, body, request, clientIp }) => ({
      data: await finishPasskeyRegistration({ actor, ...body, client: clientOf(request, clientIp) }),
      message: 'Passkey added',
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/removePasskey`,
    summary: 'Remove one of your passkeys',
    access: removePasskey.access,
    body: RemovePasskeySchema,
    handler: async ({ actor, body, request, clientIp }) => ({
      data: await removePasskey({ actor, id: body.id, client: clientOf(request, clientIp) }),
      message: 'Passkey removed',
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/passkeyAuthenticationOptions`,
    summary:
      'Options for navigator.credentials.get: for the second step of signing in (after login answered secondFactorRequired) or a step-up in an open session, with the token login gave',
    access: { public: true },
    body: z.object({}),
    handler: async ({ request }) => ({
      data: await startPasskeyAuthentication({ token: tokenOf(request) }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/passkeySignIn`,
    summary:
      'The second step of signing in by passkey: the answer to passkeyAuthenticationOptions, with the token login gave; wrong answers are limited like codes',
    access: { public: true },
    body: PasskeyAssertionSchema,
    handler: async ({ body, request, clientIp }) => {
      await verifyPasskeySignIn({
        token: tokenOf(request),
        response: body.response,
        clientIp,
        userAgent: request.headers.get('user-agent'),
      })
      return { message: 'Signed in', data: null }
    },
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/passkeyStepUp`,
    summary:
      'Confirm a step-up by passkey in an open session (the answer to passkeyAuthenticationOptions): the second factor counts as given now',
    access: { staff: true, agency: true },
    body: PasskeyAssertionSchema,
    handler: async ({ body, request, clientIp }) => {
      const r = await verifyPasskeyForSession({
        token: tokenOf(request),
        response: body.response,
        clientIp,
        userAgent: request.headers.get('user-agent'),
      })
      return { message: 'Confirmed', data: { secondFactorAt: r.secondFactorAt } }
    },
  }),
]
