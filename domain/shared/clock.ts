/** A source of the current time (activities take one as a dependency). */
export type Clock = { now: () => Date }

/** A seam for time so rules can be tested at fixed instants. */
export const clock: Clock = { now: () => new Date() }

export function isoDate(d: Date) {
  return d.toISOString().slice(0, 10)
}
