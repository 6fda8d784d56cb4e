// The money conversions live in money.rules.ts (pure, shared with the browser's form checks).
export { fromCents, toCents } from './money.rules'
