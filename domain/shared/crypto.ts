import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')
export const hmac = (secret: string, v: string) => createHmac('sha256', secret).update(v).digest('hex')
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url')
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

export function safeEqual(a: string, b: string) {
  const ab = Buffer.from(a)
  const bb = Buffer.from(b)
  return ab.length === bb.length && timingSafeEqual(ab, bb)
}
