import { beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { MONEY_ACCOUNT_KINDS, TRANSFER_CODES } from '../../db/schema/journal'
import { createPolicy } from '../../db/seed/factories'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { account } from '../../domain/money/accounts'
import { postPending, postTransfers } from '../../domain/money/journal'
import {
  ACCOUNT_KIND_LABELS,
  TRANSFER_CODE_LABELS,
  accountLabel,
  transferCodeLabel,
} from '../../domain/money/labels'
import { agencyAccounts, listPolicyTransfers, policyMoneyTrail, trialBalance } from '../../domain/money/reads'
import { agencyBalanceTrail } from '../../domain/money/balance-trail'
import { findAgencyMoneyTrail } from '../../domain/money/find-agency-money-trail'
import { DomainError } from '../../domain/shared/errors'
import * as agencyPolicyPage from '../../app/routes/agency+/policies.$policyId._index/route'
import * as staffPolicyPage from '../../app/routes/staff+/policies.$policyId._index/route'
import * as trialBalancePage from '../../app/routes/staff+/finance.trial-balance'
import * as moneyTrailPage from '../../app/routes/agency+/finance.money-trail'
import { ADMIN, agencyWithToken, staffToken, staffWith } from '../setup/api'

const ORIGIN = 'http://test.local'
const get = (path: string, token: string) =>
  new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} })
/** A loader's answer, unwrapped from Remix `data()` when it used it. */
type Unwrapped<T> = T extends { data: infer D; init: unknown } ? D : T
const body = <T>(answer: T) => ((answer as { data?: unknown }).data ?? answer) as Unwrapped<T>

/** The status of what a loader threw (a Response), or 'passed'. */
async function statusOf(run: () => Promise<unknown>) {
  try {
    await run()
    return 'passed'
  } catch (err) {
    if (err instanceof Response) return err.status
    throw err
  }
}

let seq = 0
const key = (what: string) => `test:reads:${what}:${Date.now()}:${++seq}`

let staff: string
beforeAll(async () => {
  staff = await staffToken()
})

/** An agency with a policy paid from its balance: a bank top-up of A$500, then the premium. */
async function paidPolicy(premiumCents = 30_000) {
  const { agency, token } = await agencyWithToken()
  // INITIATED: the factory posts nothing for it (a paid status would post its own settlement).
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
  await getDb().transaction(async (tx) => {
    await postBalanceEntry(tx, { agencyId: agency.id, type: 'AGENCY_TOPUP', amount: 50_000, actor: 'test' })
  })
  await getDb().transaction(async (tx) => {
    await postBalanceEntry(tx, {
      agencyId: agency.id,
      type: 'POLICY_PURCHASED',
      amount: -premiumCents,
      actor: `Agency:${agency.email}`,
      policyId: policy.id,
    })
  })
  return { agency, token, policy }
}

describe('the labels of the money journal', () => {
  it('has words for every transfer code and account kind, and a readable fallback for a new one', () => {
    for (const code of TRANSFER_CODES) expect(TRANSFER_CODE_LABELS[code], code).toBeTruthy()
    for (const kind of MONEY_ACCOUNT_KINDS) expect(ACCOUNT_KIND_LABELS[kind], kind).toBeTruthy()
    expect(transferCodeLabel('PREMIUM_PAID')).toBe('Premium paid')
    expect(transferCodeLabel('SOMETHING_NEW')).toBe('Something new')
    expect(accountLabel('agency:12:balance')).toBe('Agency balance')
    expect(accountLabel('policy:5:premium_received')).toBe('Premium received')
    expect(accountLabel('clearing:card')).toBe('Card payments')
    expect(accountLabel('suspense')).toBe('Unattributed (suspense)')
    expect(accountLabel('house:something_else')).toBe('House accounts: Something else')
    expect(accountLabel('agency:3:new_kind')).toBe('Agency new kind')
  })
})

describe("a policy's money trail", () => {
  it('lists the transfers linked to the policy oldest first, in words, with who may approve a pending one', async () => {
    const { agency, policy } = await paidPolicy()
    // A refund made by staff, waiting for a second finance staff member.
    await getDb().transaction((tx) =>
      postPending(tx, [
        {
          key: key('refund'),
          debit: account.policyPremiumReceived(policy.id),
          credit: account.agencyBalance(agency.id),
          amount: 10_000,
          code: 'REFUND',
          actor: `Oshc:${ADMIN.email}`,
          agencyId: agency.id,
          policyId: policy.id,
        },
      ]),
    )
    const raw = await listPolicyTransfers(getDb(), policy.id)
    // The top-up has no policy: only the premium and the refund belong to it.
    expect(raw.map((l) => [l.code, l.state, l.amount, l.debit, l.credit])).toEqual([
      [
        'PREMIUM_PAID',
        'POSTED',
        30_000,
        `agency:${agency.id}:balance`,
        `policy:${policy.id}:premium_received`,
      ],
      ['REFUND', 'PENDING', 10_000, `policy:${policy.id}:premium_received`, `agency:${agency.id}:balance`],
    ])
    const lines = await policyMoneyTrail(getDb(), policy.id)
    expect(lines[0]).toMatchObject({
      label: 'Premium paid',
      from_label: 'Agency balance',
      to_label: 'Premium received',
      state_label: 'Posted',
      approver: null,
    })
    expect(lines[1]).toMatchObject({ label: 'Premium refunded', state_label: 'Awaiting approval' })
    expect(lines[1].approver).toBe(
      'A finance staff member other than System Administrator, who made it, may approve it.',
    )
  })

  it('says an agency request may be approved by any finance staff member', async () => {
    const { agency, policy } = await paidPolicy()
    await getDb().transaction((tx) =>
      postPending(tx, [
        {
          key: key('amend'),
          debit: account.agencyBalance(agency.id),
          credit: account.policyPremiumReceived(policy.id),
          amount: 1_000,
          code: 'AMENDMENT_PAID',
          actor: `Agency:${agency.email}`,
          agencyId: agency.id,
          policyId: policy.id,
        },
      ]),
    )
    const lines = await policyMoneyTrail(getDb(), policy.id)
    expect(lines.at(-1)?.approver).toMatch(
      /^Any finance staff member may approve it \(the agency asked for it/,
    )
  })

  it('shows on both policy pages, and another agency gets a 404 for it', async () => {
    const { token, policy } = await paidPolicy(12_345)
    const params = { policyId: String(policy.id) }
    const agencyPage = body(
      await agencyPolicyPage.loader(args(get(`/agency/policies/${policy.id}`, token), params)),
    )
    expect(agencyPage.moneyTrail).toEqual([
      expect.objectContaining({
        label: 'Premium paid',
        from_label: 'Agency balance',
        to_label: 'Premium received',
        amount: 12_345,
        state: 'POSTED',
        state_label: 'Posted',
      }),
    ])
    expect(typeof agencyPage.moneyTrail[0].created_at).toBe('string')

    const staffPage = body(
      await staffPolicyPage.loader(args(get(`/staff/policies/${policy.id}`, staff), params)),
    )
    expect(staffPage.moneyTrail.map((l) => l.label)).toEqual(['Premium paid'])

    const other = await agencyWithToken()
    expect(
      await statusOf(() =>
        agencyPolicyPage.loader(args(get(`/agency/policies/${policy.id}`, other.token), params)),
      ),
    ).toBe(404)
  })
})

describe('the trial balance', () => {
  it('totals every kind from the accounts, balanced posted and pending, and names a difference', async () => {
    const { agency } = await paidPolicy()
    await getDb().transaction((tx) =>
      postPending(tx, [
        {
          key: key('pending'),
          debit: account.agencyBalance(agency.id),
          credit: account.suspense,
          amount: 700,
          code: 'ADJUSTMENT',
          actor: 'test',
          agencyId: agency.id,
        },
      ]),
    )
    const tb = await trialBalance(getDb())
    expect(tb.balanced).toBe(true)
    expect(tb.total.posted_debits).toBe(tb.total.posted_credits)
    expect(tb.total.pending_debits).toBe(tb.total.pending_credits)
    expect(tb.total.pending_debits).toBeGreaterThanOrEqual(700)
    const kinds = tb.kinds.map((k) => k.kind)
    expect(kinds).toEqual(expect.arrayContaining(['agency_balance', 'policy_premium_received', 'clearing']))
    // In the order of the chart of accounts.
    expect(kinds.indexOf('agency_balance')).toBeLessThan(kinds.indexOf('clearing'))
    expect(tb.kinds.find((k) => k.kind === 'agency_balance')?.label).toBe('Agency balance')

    // A column changed outside the writer shows as a difference.
    const db = getDb()
    await db.execute(
      sql`update money_accounts set posted_credits = posted_credits + 100 where code = 'suspense'`,
    )
    try {
      const off = await trialBalance(db)
      expect(off.balanced).toBe(false)
      expect(off.difference).toEqual({ posted: -100, pending: 0 })
    } finally {
      await db.execute(
        sql`update money_accounts set posted_credits = posted_credits - 100 where code = 'suspense'`,
      )
    }
    expect((await trialBalance(db)).balanced).toBe(true)
  })

  it("lists one agency's accounts with their balances, and its policies' accounts by kind", async () => {
    const { agency, policy } = await paidPolicy(20_000)
    const { accounts, byKind } = await agencyAccounts(getDb(), agency.id)
    expect(accounts).toEqual([
      expect.objectContaining({
        code: `agency:${agency.id}:balance`,
        label: 'Agency balance',
        posted_debits: 20_000,
        posted_credits: 50_000,
        balance: 30_000,
        available: 30_000,
      }),
    ])
    expect(byKind).toEqual([
      expect.objectContaining({
        owner: 'policy',
        kind: 'policy_premium_received',
        label: 'Premium received',
        accounts: 1,
        posted_credits: 20_000,
        balance: 20_000,
      }),
    ])
    expect(policy.agency_id).toBe(agency.id)
  })

  it('is a staff finance page: the guard refuses other staff and agencies; ?agency_id= adds its accounts', async () => {
    const { agency, token } = await paidPolicy()
    const load = (t: string, q = '') =>
      trialBalancePage.loader(args(get(`/staff/finance/trial-balance${q}`, t)))
    const other = await staffWith(['policy_management'])
    expect(await statusOf(() => load(other))).toBe(403)
    expect(await statusOf(() => load(token))).toBe(403)
    const page = body(await load(await staffWith(['finance']), `?agency_id=${agency.id}`))
    expect(page.trial.balanced).toBe(true)
    expect(page.agency?.id).toBe(agency.id)
    expect(page.accounts?.accounts.map((a) => a.label)).toEqual(['Agency balance'])
    expect(body(await load(staff)).accounts).toBeNull()
  })
})

describe("the agency's money trail (its balance account)", () => {
  it('pages newest first in SQL with the posted running balance; pending moves nothing', async () => {
    const { agency, policy } = await paidPolicy(20_000)
    await getDb().transaction((tx) =>
      postTransfers(tx, [
        {
          key: key('adjust'),
          debit: account.house('opening'),
          credit: account.agencyBalance(agency.id),
          amount: 2_500,
          code: 'ADJUSTMENT',
          actor: 'test',
          agencyId: agency.id,
        },
      ]),
    )
    await getDb().transaction((tx) =>
      postPending(tx, [
        {
          key: key('hold'),
          debit: account.agencyBalance(agency.id),
          credit: account.policyPremiumReceived(policy.id),
          amount: 1_000,
          code: 'AMENDMENT_PAID',
          actor: `Agency:${agency.email}`,
          agencyId: agency.id,
          policyId: policy.id,
        },
      ]),
    )
    const first = await agencyBalanceTrail(getDb(), agency.id, 1, 2)
    expect(first.pageInfo).toMatchObject({ page: 1, perPage: 2, total: 4, totalPages: 2 })
    expect(first.items.map((l) => [l.code, l.state, l.amount, l.balance_after, l.other_label])).toEqual([
      ['AMENDMENT_PAID', 'PENDING', -1_000, 32_500, 'Premium received'],
      ['ADJUSTMENT', 'POSTED', 2_500, 32_500, 'Opening balances'],
    ])
    const second = await agencyBalanceTrail(getDb(), agency.id, 2, 2)
    expect(second.items.map((l) => [l.code, l.amount, l.balance_after, l.other_label, l.policy_ref])).toEqual(
      [
        ['PREMIUM_PAID', -20_000, 30_000, 'Premium received', policy.ref],
        ['TOPUP', 50_000, 50_000, 'Bank payments', null],
      ],
    )
    expect(first.balance).toMatchObject({ balance: 32_500, pending_debits: 1_000, available: 31_500 })
    const none = await agencyBalanceTrail(getDb(), 999_999_999, 1)
    expect(none).toMatchObject({ balance: null, items: [], pageInfo: { total: 0 } })
  })

  it("is the agency's own finance page; another agency's trail is not found", async () => {
    const { agency, token } = await paidPolicy(20_000)
    const page = body(await moneyTrailPage.loader(args(get('/agency/finance/money-trail', token))))
    expect(page.rows.map((r) => [r.label, r.amount, r.balance_after])).toEqual([
      ['Premium paid', -20_000, 30_000],
      ['Top-up', 50_000, 50_000],
    ])
    expect(await statusOf(() => moneyTrailPage.loader(args(get('/agency/finance/money-trail', staff))))).toBe(
      403,
    )
    const other = await agencyWithToken()
    const actor = {
      kind: 'Agency' as const,
      identityId: 0,
      agencyId: other.agency.id,
      email: other.agency.email,
      permissions: new Set(['finance']),
    }
    const err = await findAgencyMoneyTrail({ actor, agencyId: agency.id, page: 1 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DomainError)
    expect((err as DomainError).code).toBe('NOT_FOUND')
  })
})
