// The invariants the money model checks after every command.
import { expect } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyBalances } from '../../../db/schema'
import { account } from '../../../domain/money/accounts'
import { api } from '../../setup/api'
import { AFM, ALLOWANCE, type Model, ok, type Real } from './model'

/** DESIGN.md section 14, checked on the whole journal and on the run's agency after each command. */
export async function checkInvariants(m: Model, r: Real) {
  const db = getDb()
  const [j] = (
    await db.execute<{ posted_off: number; pending_off: number; past_floor: string[] | null }>(sql`
      select (sum(posted_debits) - sum(posted_credits))::bigint as posted_off,
        (sum(pending_debits) - sum(pending_credits))::bigint as pending_off,
        array_agg(code) filter (where
          (debits_must_not_exceed_credits and posted_debits + pending_debits > posted_credits)
          or (credits_must_not_exceed_debits and posted_credits + pending_credits > posted_debits)
        ) as past_floor
      from money_accounts`)
  ).rows
  expect(Number(j.posted_off), 'trial balance (posted)').toBe(0)
  expect(Number(j.pending_off), 'trial balance (pending)').toBe(0)
  expect(j.past_floor ?? [], 'accounts past their floor').toEqual([])

  // Money returned for a policy never exceeds the money received for it.
  const { rows: over } = await db.execute<{ code: string }>(sql`
    select a.code from money_accounts a join policies p on p.id = a.policy_id
    where p.agency_id = ${r.agencyId} and a.kind = 'policy_premium_received'
      and a.posted_debits + a.pending_debits > a.posted_credits`)
  expect(
    over.map((o) => o.code),
    'policies that returned more than they received',
  ).toEqual([])

  // The agency's balance: the model, the projection and the journal account (posted less what is
  // reserved: the spendable balance) agree.
  const [b] = await db.select().from(agencyBalances).where(eq(agencyBalances.agency_id, r.agencyId))
  const { rows: acc } = await db.execute<{ code: string; balance: number }>(sql`
    select code, (posted_credits - posted_debits - pending_debits)::bigint as balance from money_accounts
    where code in (${account.agencyBalance(r.agencyId)}, ${account.agencyBnplUsed(r.agencyId)})`)
  const journal = new Map(acc.map((a) => [a.code, Number(a.balance)]))
  expect(b.balance, 'agency balance (projection)').toBe(m.balance)
  expect(journal.get(account.agencyBalance(r.agencyId)) ?? 0, 'agency balance (journal)').toBe(m.balance)
  expect(b.buy_now_pay_later_remaining_amount, 'BNPL remaining (projection)').toBe(m.bnplRemaining)
  expect(0 - (journal.get(account.agencyBnplUsed(r.agencyId)) ?? 0) || 0, 'BNPL used (journal)').toBe(
    ALLOWANCE - m.bnplRemaining,
  )
  // The balance the agency is shown is the same figure.
  const shown = await api('GET', `${AFM}/balance/${r.agencyId}`, { token: r.token })
  ok(shown)
  expect(Math.round(Number(shown.body.data.balance) * 100), 'getAgencyBalance').toBe(m.balance)
}
