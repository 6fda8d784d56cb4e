/**
 * Money is integer minor units (cents). Conversion from a decimal amount goes through its text
 * form so that 0.1 + 0.2 style float errors never reach a stored value; half-up to the cent.
 * Pure (no server code): the page forms parse amounts with it in the browser too.
 */
export function toCents(amount: number | string): number {
  const s = typeof amount === 'number' ? amount.toFixed(6) : amount.trim()
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(s)
  if (!m) throw new Error(`Not an amount: ${amount}`)
  const frac = (m[3] ?? '').padEnd(3, '0')
  let cents = Number(m[2]) * 100 + Number(frac.slice(0, 2))
  if (Number(frac[2]) >= 5) cents += 1
  return m[1] ? -cents : cents
}

/** Cents -> number with two decimals for API answers. */
export const fromCents = (cents: number) => Math.round(cents) / 100
