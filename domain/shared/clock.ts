/** A seam for time so rules can be tested at fixed instants. */
export const clock = { now: () => new Date() }

export function isoDate(d: Date) {
  return d.toISOString().slice(0, 10)
}
