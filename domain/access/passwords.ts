import { hash, verify } from '@node-rs/argon2'
import { z } from 'zod'
import { randomToken } from '../shared/crypto'

const COMMON = new Set([
  'password123',
  'password1234',
  'passw0rd123',
  '1234567890',
  '12345678910',
  'qwertyuiop',
  'iloveyou123',
  'administrator',
  'welcome123',
  'letmein1234',
  'abc1234567',
  'qwerty12345',
])

/** At least 10 characters, not the e-mail, not a well-known password. */
export function passwordSchema(email?: string) {
  return z
    .string({ error: 'Password is required' })
    .min(10, 'Password must be at least 10 characters')
    .max(256, 'Password must be at most 256 characters')
    .refine(
      (p) => !email || p.toLowerCase() !== email.toLowerCase(),
      'Password must not be your e-mail address',
    )
    .refine((p) => !COMMON.has(p.toLowerCase()), 'This password is too common')
}

export const hashPassword = (p: string) => hash(p)
export const verifyPassword = (h: string, p: string) => verify(h, p).catch(() => false)

// Hashed once at start-up with the same parameters as real hashes, so that checking a password
// for an unknown account costs what checking a real one does.
const dummyHash = hashPassword(randomToken())

/**
 * Verifies `password` against `storedHash`, or against a dummy hash when there is none (unknown
 * e-mail, no password yet): the answer is false and the time the same, so neither reveals
 * whether an account exists.
 */
export async function checkPassword(storedHash: string | null | undefined, password: string) {
  if (storedHash) return verifyPassword(storedHash, password)
  await verifyPassword(await dummyHash, password)
  return false
}

/** Temporary passwords: readable, long enough, never common. */
export const temporaryPassword = () => `Tmp-${randomToken(9)}`
