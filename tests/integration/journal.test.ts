import { beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyBalances, moneyTransfers } from '../../db/schema'
import { BALANCE_TRANSACTION_TYPES } from '../../db/schema/enums'
import { createAgency } from '../../db/seed/factories'
import { postBalanceEntry, postBnplEntry } from '../../domain/finance/ledger/ledger'
import { account, balanceEntryTransfer } from '../../domain/money/accounts'
import {
  decidePending,
  getAccount,
  postPending,
  postTransfers,
  type TransferInput,
} from '../../domain/money/journal'
import { DomainError } from '../../domain/shared/errors'
import { api, staffToken } from '../setup/api'

const actor = 'test:journal'
let seq = 0
const key = (what: string) => `test:${what}:${Date.now()}:${++seq}`

async function freshAgency() {
  return createAgency(getDb(), { status: 'PORTAL_ACTIVATED' })
}

/** Money into an agency's balance account straight through the journal (from the bank clearing). */
async function fundAccount(agencyId: number, cents: number) {
  await getDb().transaction((tx) =>
    postTransfers(tx, [
      {
        key: key('fund'),
        debit: account.clearing('bank'),
        credit: account.agencyBalance(agencyId),
        amount: cents,
        code: 'TOPUP',
        actor,
        agencyId,
      },
    ]),
  )
}

const spend = (agencyId: number, cents: number, k = key('spend')): TransferInput => ({
  key: k,
  debit: account.agencyBalance(agencyId),
  credit: account.suspense,
  amount: cents,
  code: 'PREMIUM_PAID',
  actor,
  agencyId,
})

/** What a promise settled to: 'ok' or the error it threw. */
async function settled(p: Promise<unknown>) {
  try {
    await p
    return 'ok' as const
  } catch (err) {
    return err
  }
}

/** The PostgreSQL error code behind a driver error. */
function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if ('code' in e && typeof (e as { code: unknown }).code === 'string') return (e as { code: string }).code
    e = 'cause' in e ? (e as { cause: unknown }).cause : undefined
  }
  return undefined
}

async function accountOf(code: string) {
  return (await getAccount(getDb(), code))!
}

async function trialBalance(db: Pick<ReturnType<typeof getDb>, 'execute'> = getDb()) {
  const [row] = (
    await db.execute<{ pd: number; pc: number; xd: number; xc: number; off: number }>(sql`
      select sum(posted_debits)::bigint as pd, sum(posted_credits)::bigint as pc,
        sum(pending_debits)::bigint as xd, sum(pending_credits)::bigint as xc,
        (select count(*) from money_accounts m where
          m.posted_debits <> (select coalesce(sum(amount), 0) from money_transfers where debit_account_id = m.id and state = 'POSTED')
          or m.posted_credits <> (select coalesce(sum(amount), 0) from money_transfers where credit_account_id = m.id and state = 'POSTED')
          or m.pending_debits <> (select coalesce(sum(amount), 0) from money_transfers where debit_account_id = m.id and state = 'PENDING')
          or m.pending_credits <> (select coalesce(sum(amount), 0) from money_transfers where credit_account_id = m.id and state = 'PENDING')
        )::int as off
      from money_accounts`)
  ).rows
  return row
}

let admin: string
beforeAll(async () => {
  admin = await staffToken()
})

describe('the money journal writer', () => {
  it('posts both sides of a transfer and keeps each account by its columns', async () => {
    const agency = await freshAgency()
    const bankBefore = (await getAccount(getDb(), account.clearing('bank')))?.posted_debits ?? 0
    await fundAccount(agency.id, 500_00)
    const mine = await accountOf(account.agencyBalance(agency.id))
    expect(mine).toMatchObject({
      kind: 'agency_balance',
      agency_id: agency.id,
      posted_credits: 500_00,
      posted_debits: 0,
      debits_must_not_exceed_credits: true,
      balance: 500_00,
      spendable: 500_00,
    })
    expect((await accountOf(account.clearing('bank'))).posted_debits).toBe(bankBefore + 500_00)
    const [t] = await getDb()
      .select()
      .from(moneyTransfers)
      .where(eq(moneyTransfers.credit_account_id, mine.id))
    expect(t).toMatchObject({ amount: 500_00, state: 'POSTED', code: 'TOPUP', agency_id: agency.id })
    expect(t.decided_at).not.toBeNull()
  })

  it('is idempotent by key: the same content returns the transfer once, different content is a 409', async () => {
    const agency = await freshAgency()
    await fundAccount(agency.id, 100_00)
    const k = key('once')
    const [first] = await getDb().transaction((tx) => postTransfers(tx, [spend(agency.id, 30_00, k)]))
    const [again] = await getDb().transaction((tx) => postTransfers(tx, [spend(agency.id, 30_00, k)]))
    expect(again.id).toBe(first.id)
    expect((await accountOf(account.agencyBalance(agency.id))).balance).toBe(70_00)
    const other = await settled(getDb().transaction((tx) => postTransfers(tx, [spend(agency.id, 31_00, k)])))
    expect(other).toBeInstanceOf(DomainError)
    expect((other as DomainError).code).toBe('CONFLICT')
    expect((other as DomainError).message).toMatch(/already recorded with different content/)
    expect((await accountOf(account.agencyBalance(agency.id))).balance).toBe(70_00)
  })

  it('20 parallel debits of one account with enough for 5: exactly 5 pass, never overdrawn', async () => {
    const agency = await freshAgency()
    await fundAccount(agency.id, 5 * 10_00)
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        settled(getDb().transaction((tx) => postTransfers(tx, [spend(agency.id, 10_00)]))),
      ),
    )
    expect(results.filter((r) => r === 'ok')).toHaveLength(5)
    for (const r of results.filter((r) => r !== 'ok')) {
      expect(r).toBeInstanceOf(DomainError)
      expect((r as DomainError).message).toBe('Insufficient agency balance')
    }
    const a = await accountOf(account.agencyBalance(agency.id))
    expect(a).toMatchObject({ balance: 0, posted_debits: 50_00 })
  })

  it('20 parallel balance purchases through postBalanceEntry move the projection and the journal alike', async () => {
    const agency = await freshAgency()
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, { agencyId: agency.id, type: 'AGENCY_TOPUP', amount: 5 * 10_00, actor }),
    )
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        settled(
          getDb().transaction((tx) =>
            postBalanceEntry(tx, { agencyId: agency.id, type: 'POLICY_PURCHASED', amount: -10_00, actor }),
          ),
        ),
      ),
    )
    expect(results.filter((r) => r === 'ok')).toHaveLength(5)
    const [b] = await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, agency.id))
    expect(b.balance).toBe(0)
    expect((await accountOf(account.agencyBalance(agency.id))).balance).toBe(0)
  })

  it('pending debits count against the floor; a decision posts or voids once', async () => {
    const agency = await freshAgency()
    await fundAccount(agency.id, 100_00)
    const code = account.agencyBalance(agency.id)
    const held = key('held')
    await getDb().transaction((tx) => postPending(tx, [spend(agency.id, 70_00, held)]))
    expect(await accountOf(code)).toMatchObject({ balance: 100_00, spendable: 30_00, pending_debits: 70_00 })

    const over = await settled(getDb().transaction((tx) => postTransfers(tx, [spend(agency.id, 40_00)])))
    expect((over as DomainError).message).toBe('Insufficient agency balance')
    const overPending = await settled(getDb().transaction((tx) => postPending(tx, [spend(agency.id, 30_01)])))
    expect((overPending as DomainError).message).toBe('Insufficient agency balance')

    // Void gives the reservation back; a second void answers as it is; posting it now is refused.
    await getDb().transaction((tx) => decidePending(tx, held, 'void'))
    expect(await accountOf(code)).toMatchObject({ balance: 100_00, spendable: 100_00, pending_debits: 0 })
    const [again] = await getDb().transaction((tx) => decidePending(tx, held, 'void'))
    expect(again.state).toBe('VOIDED')
    const post = await settled(getDb().transaction((tx) => decidePending(tx, held, 'post')))
    expect((post as DomainError).code).toBe('INVALID_TRANSITION')

    // Post moves the reservation to posted on both sides.
    const second = key('held')
    await getDb().transaction((tx) => postPending(tx, [spend(agency.id, 60_00, second)]))
    const [posted] = await getDb().transaction((tx) => decidePending(tx, second, 'post'))
    expect(posted).toMatchObject({ state: 'POSTED' })
    expect(posted.decided_at).not.toBeNull()
    expect(await accountOf(code)).toMatchObject({ balance: 40_00, spendable: 40_00, pending_debits: 0 })
    const missing = await settled(getDb().transaction((tx) => decidePending(tx, key('none'), 'post')))
    expect((missing as DomainError).code).toBe('NOT_FOUND')
  })
})

describe('what the database enforces by itself', () => {
  it('the trigger refuses UPDATE and DELETE of a posted transfer and allows pending -> posted | voided once', async () => {
    const agency = await freshAgency()
    await fundAccount(agency.id, 100_00)
    const [posted] = await getDb().transaction((tx) => postTransfers(tx, [spend(agency.id, 10_00)]))
    const db = getDb()
    const refused = async (q: ReturnType<typeof sql>) => {
      const err = await settled(db.execute(q))
      expect(err).not.toBe('ok')
      expect(pgCode(err)).toBe('55000')
    }
    await refused(sql`update money_transfers set amount = 1 where id = ${posted.id}`)
    await refused(
      sql`update money_transfers set state = 'VOIDED', decided_at = now() where id = ${posted.id}`,
    )
    await refused(sql`delete from money_transfers where id = ${posted.id}`)
    await refused(sql`truncate money_transfers`)

    const k = key('pending')
    const [p] = await db.transaction((tx) => postPending(tx, [spend(agency.id, 5_00, k)]))
    // A decision may change nothing else, and needs its time.
    await refused(
      sql`update money_transfers set state = 'POSTED', amount = 1, decided_at = now() where id = ${p.id}`,
    )
    const noTime = await settled(
      db.execute(sql`update money_transfers set state = 'POSTED' where id = ${p.id}`),
    )
    expect(noTime).not.toBe('ok')
    await db.execute(sql`update money_transfers set state = 'VOIDED', decided_at = now() where id = ${p.id}`)
    // That decision was written behind the writer: give the reservation back by hand too.
    await db.execute(sql`update money_accounts set pending_debits = pending_debits - 500
      where code = ${account.agencyBalance(agency.id)}`)
    await db.execute(sql`update money_accounts set pending_credits = pending_credits - 500
      where code = ${account.suspense}`)
    await refused(sql`update money_transfers set state = 'POSTED', decided_at = now() where id = ${p.id}`)
    await refused(sql`update money_transfers set state = 'PENDING', decided_at = null where id = ${p.id}`)
  })

  it('the CHECK refuses an overdraw written behind the writer, pending debits included', async () => {
    const agency = await freshAgency()
    await fundAccount(agency.id, 100_00)
    const code = account.agencyBalance(agency.id)
    const db = getDb()
    const over = await settled(
      db.execute(sql`update money_accounts set posted_debits = posted_credits + 1 where code = ${code}`),
    )
    expect(pgCode(over)).toBe('23514')
    const overPending = await settled(
      db.execute(sql`update money_accounts set pending_debits = posted_credits + 1 where code = ${code}`),
    )
    expect(pgCode(overPending)).toBe('23514')
    const negative = await settled(
      db.execute(sql`update money_accounts set pending_credits = -1 where code = ${code}`),
    )
    expect(pgCode(negative)).toBe('23514')
    const sameAccount = await settled(
      db.execute(sql`insert into money_transfers (debit_account_id, credit_account_id, amount, code, idempotency_key, actor, decided_at)
        select id, id, 1, 'ADJUSTMENT', ${key('x')}, 'sql', now() from money_accounts where code = ${code}`),
    )
    expect(pgCode(sameAccount)).toBe('23514')
    expect((await accountOf(code)).balance).toBe(100_00)
  })
})

describe('the two ledger writers post to the journal', () => {
  it('every balance entry type maps to the migration backfill copy of the mapping', async () => {
    const db = getDb()
    for (const type of BALANCE_TRANSACTION_TYPES)
      for (const amount of [-1, 1])
        for (const links of [
          { agencyId: 7, policyId: 11, invoiceId: 13, topupMethod: 'BANK' },
          { agencyId: 7, policyId: null, invoiceId: null, topupMethod: 'CARD' },
        ]) {
          const t = balanceEntryTransfer(type, amount, links)
          const [row] = (
            await db.execute<{ counter: string; code: string }>(sql`
              select money_balance_counter(${type}, ${links.agencyId}::int, ${links.policyId}::int,
                ${links.invoiceId}::int, ${links.topupMethod}) as counter,
                money_balance_code(${type}, ${amount}::bigint) as code`)
          ).rows
          expect({ type, amount, counter: amount > 0 ? t.debit : t.credit, code: t.code }).toEqual({
            type,
            amount,
            counter: row.counter,
            code: row.code,
          })
        }
  })

  it('a mix of entries leaves the trial balance at zero and each agency account equal to agency_balances', async () => {
    const agency = await freshAgency()
    const db = getDb()
    await db.transaction(async (tx) => {
      await postBalanceEntry(tx, { agencyId: agency.id, type: 'AGENCY_TOPUP', amount: 1_000_00, actor })
      await postBalanceEntry(tx, { agencyId: agency.id, type: 'POLICY_PURCHASED', amount: -250_00, actor })
      await postBalanceEntry(tx, {
        agencyId: agency.id,
        type: 'POLICY_PREMIUM_REFUNDED',
        amount: 50_00,
        actor,
      })
      // Commission payable keeps a floor (issue 22): what is paid out was banked first.
      await postTransfers(tx, [
        {
          key: `test-banked:${agency.id}`,
          debit: account.house('insurer'),
          credit: account.agencyCommissionPayable(agency.id),
          amount: 20_00,
          code: 'COMMISSION_BANKED',
          actor,
        },
      ])
      await postBalanceEntry(tx, { agencyId: agency.id, type: 'COMMISSION_RECEIVED', amount: 20_00, actor })
      await postBalanceEntry(tx, { agencyId: agency.id, type: 'CLAWBACK_PAYMENT', amount: -15_00, actor })
      await postBalanceEntry(tx, { agencyId: agency.id, type: 'CREDIT_PAYMENT', amount: -100_00, actor })
      await postBalanceEntry(tx, { agencyId: agency.id, type: 'INVOICE_PAYMENT', amount: -5_00, actor })
      await tx
        .update(agencyBalances)
        .set({ buy_now_pay_later_amount: 500_00, buy_now_pay_later_remaining_amount: 500_00 })
        .where(eq(agencyBalances.agency_id, agency.id))
      await postBnplEntry(tx, { agencyId: agency.id, amount: -100_00, actor })
      await postBnplEntry(tx, { agencyId: agency.id, amount: 100_00, actor })
      await postBnplEntry(tx, { agencyId: agency.id, amount: -40_00, actor })
    })
    const [b] = await db.select().from(agencyBalances).where(eq(agencyBalances.agency_id, agency.id))
    expect(b.balance).toBe(700_00)
    expect((await accountOf(account.agencyBalance(agency.id))).balance).toBe(700_00)
    const used = await accountOf(account.agencyBnplUsed(agency.id))
    expect(used.posted_debits - used.posted_credits).toBe(40_00)
    expect(b.buy_now_pay_later_amount - b.buy_now_pay_later_remaining_amount).toBe(40_00)
    // The settlement paid from the balance waits in the settlement account until BNPL is given back.
    const held = await accountOf(account.agencyBnplSettlement(agency.id))
    expect(held.posted_credits - held.posted_debits).toBe(0)
    // A refusal by the projection's guard writes nothing to the journal either.
    const short = await settled(
      db.transaction((tx) =>
        postBalanceEntry(tx, { agencyId: agency.id, type: 'POLICY_PURCHASED', amount: -700_01, actor }),
      ),
    )
    expect((short as DomainError).message).toBe('Insufficient agency balance')
    const tb = await trialBalance()
    expect(tb.pd).toBe(tb.pc)
    expect(tb.xd).toBe(tb.xc)
    expect(tb.off).toBe(0)
  })

  it('the backfill rebuilds the journal from the ledgers, with openings for missing history', async () => {
    const agency = await freshAgency()
    const db = getDb()
    await db.transaction(async (tx) => {
      await postBalanceEntry(tx, { agencyId: agency.id, type: 'AGENCY_TOPUP', amount: 300_00, actor })
      await postBalanceEntry(tx, { agencyId: agency.id, type: 'POLICY_PURCHASED', amount: -120_00, actor })
      await tx
        .update(agencyBalances)
        .set({ buy_now_pay_later_amount: 900_00, buy_now_pay_later_remaining_amount: 900_00 })
        .where(eq(agencyBalances.agency_id, agency.id))
      await postBnplEntry(tx, { agencyId: agency.id, amount: -200_00, actor })
    })
    // Rebuild from nothing, as migration 0027 did, inside a transaction that is rolled back:
    // history from before the ledger (a balance and BNPL use no row explains) gets an opening.
    let seen: {
      diff: number
      openings: { key: string; amount: number }[]
      balance: number
      used: number
      tb: Awaited<ReturnType<typeof trialBalance>>
    } | null = null
    const rolledBack = await settled(
      db.transaction(async (tx) => {
        await tx.execute(sql`alter table money_transfers disable trigger user`)
        await tx.execute(sql`delete from money_transfers`)
        await tx.execute(sql`delete from money_accounts`)
        await tx.execute(sql`alter table money_transfers enable trigger user`)
        await tx
          .update(agencyBalances)
          .set({
            balance: sql`${agencyBalances.balance} + 5500`,
            buy_now_pay_later_remaining_amount: sql`${agencyBalances.buy_now_pay_later_remaining_amount} - 3000`,
          })
          .where(eq(agencyBalances.agency_id, agency.id))
        await tx.execute(sql`select money_journal_backfill()`)
        await tx.execute(sql`select money_journal_backfill()`) // idempotent: a second run adds nothing
        const [diff] = (
          await tx.execute<{ n: number }>(sql`
            select count(*)::int as n from agency_balances b
            left join money_accounts j on j.code = 'agency:' || b.agency_id || ':balance'
            left join money_accounts u on u.code = 'agency:' || b.agency_id || ':bnpl_used'
            where b.balance <> coalesce(j.posted_credits - j.posted_debits, 0)
              or b.buy_now_pay_later_amount - b.buy_now_pay_later_remaining_amount
                <> coalesce(u.posted_debits - u.posted_credits, 0)`)
        ).rows
        const openings = await tx
          .select({ key: moneyTransfers.idempotency_key, amount: moneyTransfers.amount })
          .from(moneyTransfers)
          .where(sql`${moneyTransfers.idempotency_key} like ${`opening:agency:${agency.id}:%`}`)
          .orderBy(moneyTransfers.idempotency_key)
        const balance = (await getAccount(tx, account.agencyBalance(agency.id)))!
        const used = (await getAccount(tx, account.agencyBnplUsed(agency.id)))!
        seen = {
          diff: diff.n,
          openings,
          balance: balance.balance,
          used: used.posted_debits - used.posted_credits,
          tb: await trialBalance(tx),
        }
        tx.rollback()
      }),
    )
    expect(rolledBack).not.toBe('ok')
    expect(seen).toMatchObject({
      diff: 0,
      balance: 235_00,
      used: 230_00,
      openings: [
        { key: `opening:agency:${agency.id}:balance`, amount: 55_00 },
        { key: `opening:agency:${agency.id}:bnpl_used`, amount: 30_00 },
      ],
    })
    expect(seen!.tb.pd).toBe(seen!.tb.pc)
    expect(seen!.tb.off).toBe(0)
    // The rollback left the journal as the writers made it.
    expect((await accountOf(account.agencyBalance(agency.id))).balance).toBe(180_00)
  })
})

describe('reconciliation reads the journal', () => {
  it('flags a tampered account: its transfers, the trial balance and the agency balance', async () => {
    const agency = await freshAgency()
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, { agencyId: agency.id, type: 'AGENCY_TOPUP', amount: 80_00, actor }),
    )
    const code = account.agencyBalance(agency.id)
    const clean = await api('POST', '/oshc/finance-management/runReconciliation', { token: admin })
    expect(clean.status).toBe(200)
    // Other tests here fund journal accounts directly (no agency_balances row moves): look at this
    // agency and at what belongs to no agency (the trial balance, clearing accounts).
    type Found = { check: string; account?: string; agency_id: number | null; figures: object }
    const journalOf = (all: Found[]) =>
      all.filter((m) => m.check.startsWith('journal') && (m.agency_id === agency.id || m.agency_id === null))
    const before = journalOf(clean.body.data.mismatches)
    expect(before).toEqual([])

    await getDb().execute(
      sql`update money_accounts set posted_credits = posted_credits + 100 where code = ${code}`,
    )
    const r = await api('POST', '/oshc/finance-management/runReconciliation', { token: admin })
    const found = journalOf(r.body.data.mismatches)
    expect(found.map((m) => m.check).sort()).toEqual([
      'journal_account',
      'journal_balance',
      'journal_trial_balance',
    ])
    expect(found.find((m) => m.check === 'journal_account')).toMatchObject({
      account: code,
      agency_id: agency.id,
      figures: { posted_credits: 81, transfers_posted_credits: 80 },
    })
    expect(found.find((m) => m.check === 'journal_balance')?.figures).toEqual({
      balance: 80,
      journal_balance: 81,
    })
    expect(found.find((m) => m.check === 'journal_trial_balance')?.agency_id).toBeNull()
    // Put it back so later runs in this file see a clean journal.
    await getDb().execute(
      sql`update money_accounts set posted_credits = posted_credits - 100 where code = ${code}`,
    )
  })
})
