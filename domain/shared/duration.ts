import { z } from 'zod'

/** A setting holding a duration: 500ms, 30s, 10m, 2h or 1d. */
export const durationSetting = z
  .string()
  .regex(/^\d+(ms|s|m|h|d)$/, 'must look like 500ms, 30s, 10m, 2h or 1d')

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** '30s' | '2h' | '1d' -> milliseconds (the configuration's duration format). */
export function durationMs(d: string): number {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(d)
  if (!m) throw new Error(`Bad duration ${d}`)
  return Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS]
}
