import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { getDb } from '../../db/client'
import { createAgency, createPolicy } from '../../db/seed/factories'
import { readBalanceCents } from '../../domain/finance/ledger/agency-balance'
import { priceWithProviders } from '../../domain/quotes/price-policy'
import { policyMoney } from '../../domain/refunds/refund-loading'

// Issue 23: the first `npm start` printed pg's "Calling client.query() when the client is already
// executing a query" while seeding: pricing an amendment inside its transaction sent six reads at
// once to the transaction's single connection. Every query given to a busy client is recorded here.
type Internals = { _activeQuery?: unknown; _queryQueue?: unknown[] }
const original = pg.Client.prototype.query
const busy: string[] = []
pg.Client.prototype.query = function (this: pg.Client & Internals, ...args: unknown[]) {
  if (this._activeQuery || this._queryQueue?.length) {
    const q = args[0] as string | { text?: string }
    busy.push(typeof q === 'string' ? q : String(q?.text))
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args)
} as typeof pg.Client.prototype.query

let agencyId: number
let policyId: number
const request = () => ({
  agencyId,
  policyType: 'SINGLE' as const,
  startDate: '2027-02-01',
  endDate: '2028-01-31',
})

beforeAll(async () => {
  const agency = await createAgency(getDb())
  agencyId = agency.id
  policyId = (await createPolicy(getDb(), { agencyId, status: 'PAYMENT_APPROVED' })).policy.id
})

afterEach(() => {
  busy.length = 0
})

describe('one connection, one query at a time', () => {
  it('prices, reads a balance and a policy’s money inside a transaction without queueing on its connection', async () => {
    const onPool = await priceWithProviders(request())
    expect(onPool.length).toBeGreaterThan(0)
    const inTx = await getDb().transaction(async (tx) => {
      const priced = await priceWithProviders(request(), tx)
      const balance = await readBalanceCents(agencyId, tx)
      const money = await policyMoney(policyId, tx)
      return { priced, balance, money }
    })
    expect(busy).toEqual([])
    // The same answers as on the pool, where the reads still run at once.
    expect(inTx.priced).toEqual(onPool)
    expect(inTx.balance).toEqual(await readBalanceCents(agencyId))
    expect(inTx.money).toEqual(await policyMoney(policyId))
    expect(busy).toEqual([])
  })
})
