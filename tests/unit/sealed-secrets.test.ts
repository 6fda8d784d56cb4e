// The sealing of secrets the server reads back (a second factor's key): AES-256-GCM, so a sealed
// value altered in the database, or read with another key, is refused rather than misread.
import { describe, expect, it } from 'vitest'
import { hmac, seal, unseal } from '../../domain/shared/crypto'

const key = hmac('a test app secret', 'second-factor-secrets')

describe('sealed secrets', () => {
  it('open with their key, and never seal the same way twice', () => {
    const a = seal('JBSWY3DPEHPK3PXP', key)
    expect(unseal(a, key)).toBe('JBSWY3DPEHPK3PXP')
    expect(seal('JBSWY3DPEHPK3PXP', key)).not.toBe(a)
    expect(a).not.toContain('JBSWY3DPEHPK3PXP')
  })

  it('refuse another key and any altered part', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP', key)
    expect(() => unseal(sealed, hmac('another app secret', 'second-factor-secrets'))).toThrow()
    const [iv, tag, body] = sealed.split('.')
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url')
      bytes[0] ^= 1
      return bytes.toString('base64url')
    }
    for (const altered of [
      `${flip(iv)}.${tag}.${body}`,
      `${iv}.${flip(tag)}.${body}`,
      `${iv}.${tag}.${flip(body)}`,
    ])
      expect(() => unseal(altered, key)).toThrow()
  })
})
