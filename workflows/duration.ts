/** '500ms' | '30s' | '10m' | '2h' | '1d' -> milliseconds (deterministic, no imports). */
export function toMs(d: string): number {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(d)
  if (!m) throw new Error(`Bad duration ${d}`)
  const n = Number(m[1])
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[
    m[2] as 'ms' | 's' | 'm' | 'h' | 'd'
  ]
  return n * unit
}
