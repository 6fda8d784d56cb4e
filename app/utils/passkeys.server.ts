import { z } from 'zod'

// The posts of a passkey ceremony's fetcher (UsePasskeyButton): the options, then the browser's
// answer as JSON text (what @simplewebauthn/browser returned), read by the domain's schema.
export const PasskeyOptionsSchema = z.object({ intent: z.literal('passkey-options') })
export const PasskeyAnswerSchema = z.object({
  intent: z.literal('passkey'),
  response: z.string().max(64_000),
})

/** The browser's answer: JSON, else null (which the domain refuses like a wrong answer). */
export function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Who the request came from, for the security log. */
export const clientOf = (request: Request, context: unknown) => ({
  ip: (context as { clientIp?: string }).clientIp ?? 'unknown',
  userAgent: request.headers.get('user-agent'),
})

/** The security page's second post of adding a passkey: its name and the browser's passkey. */
export const SavePasskeySchema = z.object({
  intent: z.literal('save-passkey'),
  name: z.string().max(200),
  response: z.string().max(64_000),
})
