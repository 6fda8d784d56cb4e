import { z } from 'zod'
import { id, text } from '../shared/fields'

// What a browser's @simplewebauthn/browser hands back, as JSON: the parts a server reads, each
// base64url. The library checks what they say; these only bound their shape and size.
const b64url = (max = 4096) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url')

const common = {
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
}

export const RegistrationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(),
    attestationObject: b64url(16_384),
    authenticatorData: b64url().optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url().optional(),
  }),
})

export const AuthenticationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(),
    authenticatorData: b64url(),
    signature: b64url(),
    userHandle: b64url(1024).optional(),
  }),
})

/** The name a person gives a passkey ("Work laptop"). */
export const passkeyName = () => text(1, 60, 'Give the passkey a name')

export const FinishPasskeyRegistrationSchema = z.object({
  name: passkeyName(),
  response: RegistrationResponseSchema,
})

export const RemovePasskeySchema = z.object({ id: id() })

export const PasskeyAssertionSchema = z.object({ response: AuthenticationResponseSchema })
