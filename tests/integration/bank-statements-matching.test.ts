// Bank statement matching (issue 25), the matching: lines matched to waiting policy payments and
// bank top-ups, assigned by hand, and confirmed through the same approvals as a proof's
// verification, by the calls and on the statement pages.
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalanceTransactions,
  agencyTopups,
  bankStatementLines,
  policies,
  policyPremiumPayments,
} from '../../db/schema'
import { createAgency, createPolicy } from '../../db/seed/factories'
import { resetConfig } from '../../domain/shared/config'
import { api, staffWith } from '../setup/api'
import {
  amountCsv,
  BS,
  checker,
  confirm,
  debitCreditCsv,
  imported,
  linesOf,
  nextSeq,
  requestedTopup,
  seq,
  setUpStatementFixtures,
  uploader,
  waitingPolicy,
} from '../setup/bank-statements'
import * as listPage from '../../app/routes/staff+/finance.statements._index'
import * as statementPage from '../../app/routes/staff+/finance.statements.$statementId/route'

setUpStatementFixtures()

describe('matching and confirming', () => {
  it('matches exactly by reference and amount, proposes by amount and date, and confirms through the approvals', async () => {
    const policy = await waitingPolicy()
    const topup = await requestedTopup()
    const proposedTopup = await requestedTopup()
    const short = await waitingPolicy()
    const statement = await imported(
      amountCsv([
        { narrative: `OSHC premium ${policy.ref} Student`, amount: policy.premium!, balance: 100_000 },
        { narrative: `Agency top up TOPUP-${topup.id}`, amount: topup.amount, balance: 200_000 },
        { narrative: 'Transfer no reference', amount: proposedTopup.amount, balance: 300_000 },
        { narrative: `Part payment ${short.ref}`, amount: short.premium! - 100, balance: 400_000 },
      ]),
    )
    const [p, t, proposed, partial] = await linesOf(statement.id)
    expect(p).toMatchObject({ state: 'exact', matched_kind: 'policy_payment', matched_id: policy.id })
    expect(t).toMatchObject({ state: 'exact', matched_kind: 'topup', matched_id: topup.id })
    expect(proposed).toMatchObject({ state: 'proposed', matched_kind: 'topup', matched_id: proposedTopup.id })
    // A premium quoted short is proposed for it (bank-statements-short-over.test.ts confirms such lines).
    expect(partial).toMatchObject({ state: 'proposed', matched_kind: 'policy_payment', matched_id: short.id })

    const view = await api('GET', `${BS}/${statement.id}`, { token: checker })
    expect(view.status).toBe(200)
    expect(view.body.data.lines[0].target).toMatchObject({
      label: `Policy ${policy.ref}`,
      status: 'PURCHASED',
    })
    expect(view.body.data.totals.exact_cents).toBe(policy.premium! + topup.amount)

    const ok = await confirm(p.id)
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    const [after] = await getDb().select().from(policies).where(eq(policies.id, policy.id))
    expect(after.status).toBe('PAYMENT_APPROVED')
    const [line] = await getDb().select().from(bankStatementLines).where(eq(bankStatementLines.id, p.id))
    expect(line).toMatchObject({ state: 'confirmed' })
    expect(line.confirmed_at).toBeInstanceOf(Date)
    expect((await confirm(p.id)).status).toBe(409)

    expect((await confirm(t.id)).status).toBe(200)
    const [approved] = await getDb().select().from(agencyTopups).where(eq(agencyTopups.id, topup.id))
    expect(approved.status).toBe('APPROVED')
    // A proposal is confirmed by a person, one line at a time.
    expect((await confirm(proposed.id)).status).toBe(200)
    expect((await confirm(partial.id)).body.data.policy).toMatchObject({
      outcome: 'part',
      still_due_cents: 100,
    })
  })

  it('proposes, of two payments waiting for the same amount, the one whose agency the line names', async () => {
    const waitingOf = async (name: string) => {
      const agency = await createAgency(getDb(), { name })
      return (await createPolicy(getDb(), { agencyId: agency.id, status: 'PURCHASED' })).policy
    }
    const tag = nextSeq().toString(36)
    const named = await waitingOf(`Wattle Bay Education ${tag}`)
    const other = await waitingOf(`Banksia Study Centre ${tag}`)
    expect(other.premium).toBe(named.premium)
    // The named one was asked for days earlier: by date alone the other would be proposed.
    await getDb()
      .update(policyPremiumPayments)
      .set({ created_at: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(policyPremiumPayments.policy_id, named.id))
    const statement = await imported(
      amountCsv([
        { narrative: `TFR WATTLE BAY EDUCATION ${tag}`, amount: named.premium!, balance: 600_000 + seq },
      ]),
    )
    const [line] = await linesOf(statement.id)
    expect(line).toMatchObject({ state: 'proposed', matched_kind: 'policy_payment', matched_id: named.id })
  })

  it('assigns a line by hand to what its mistyped reference meant, keeps it through later uploads, then confirms it', async () => {
    const policy = await waitingPolicy()
    const topup = await requestedTopup()
    const statement = await imported(
      amountCsv([
        { narrative: 'OSHC PREMIUM P0L TYPO', amount: policy.premium!, balance: 700_000 + nextSeq() },
        { narrative: 'Top up', amount: topup.amount + 100, balance: 800_000 + seq },
      ]),
    )
    const [line, over] = await linesOf(statement.id)
    const assign = (lineId: number, reference: string) =>
      api('POST', `${BS}/lines/${lineId}/assign`, { token: checker, body: { reference } })
    const unknown = await assign(line.id, 'POL-NOPE')
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors.reference).toEqual(['Nothing waits for a bank transfer under POL-NOPE'])
    const wrongAmount = await assign(over.id, `TOPUP-${topup.id}`)
    expect(wrongAmount.status).toBe(400)
    expect(wrongAmount.body.errors.reference[0]).toMatch(/: only a premium is taken short or over$/)

    const ok = await assign(line.id, policy.ref.toLowerCase().replace('-', ' '))
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data).toMatchObject({
      state: 'assigned',
      matched_kind: 'policy_payment',
      matched_id: policy.id,
    })
    // A later upload matches again: the assignment holds, and no other line is offered the payment.
    await imported(
      amountCsv([{ narrative: 'No reference', amount: policy.premium!, balance: 900_000 + seq }]),
    )
    const [held] = await getDb().select().from(bankStatementLines).where(eq(bankStatementLines.id, line.id))
    expect(held).toMatchObject({ state: 'assigned', matched_id: policy.id })
    const others = await getDb()
      .select()
      .from(bankStatementLines)
      .where(
        and(
          eq(bankStatementLines.matched_kind, 'policy_payment'),
          eq(bankStatementLines.matched_id, policy.id),
        ),
      )
    expect(others.map((l) => l.id)).toEqual([line.id])

    expect((await confirm(line.id)).status).toBe(200)
    const [after] = await getDb().select().from(policies).where(eq(policies.id, policy.id))
    expect(after.status).toBe('PAYMENT_APPROVED')
    expect((await assign(line.id, policy.ref)).status).toBe(409)
  })

  it('credits a top-up once when two people confirm its line while a third approves it from its page', async () => {
    const topup = await requestedTopup()
    const statement = await imported(
      amountCsv([{ narrative: `Agency top up TOPUP-${topup.id}`, amount: topup.amount, balance: 900_000 }]),
    )
    const [line] = await linesOf(statement.id)
    expect(line).toMatchObject({ state: 'exact', matched_kind: 'topup', matched_id: topup.id })
    const other = await staffWith(['finance'])
    const third = await staffWith(['finance'])
    const answers = await Promise.all([
      confirm(line.id),
      confirm(line.id, other),
      api('POST', '/oshc/finance-management/topUpApprove', { token: third, body: { top_up_id: topup.id } }),
    ])
    const statuses = answers.map((a) => a.status)
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(statuses),
    ).toHaveLength(1)
    expect(
      statuses.filter((s) => s !== 200).every((s) => s === 409),
      JSON.stringify(statuses),
    ).toBe(true)
    const credits = await getDb()
      .select()
      .from(agencyBalanceTransactions)
      .where(eq(agencyBalanceTransactions.topup_id, topup.id))
    expect(credits).toHaveLength(1)
    expect(credits[0].transaction_amount).toBe(topup.amount)
  })

  it('refuses the uploader over STATEMENT_SELF_CONFIRM_LIMIT_CENTS', async () => {
    const policy = await waitingPolicy()
    const statement = await imported(
      amountCsv([{ narrative: `Premium ${policy.ref}`, amount: policy.premium!, balance: 1 }]),
    )
    const [line] = await linesOf(statement.id)
    const own = await confirm(line.id, uploader)
    expect(own.status).toBe(403)
    expect(own.body.message).toMatch(/You uploaded this statement/)
    process.env.STATEMENT_SELF_CONFIRM_LIMIT_CENTS = String(policy.premium!)
    resetConfig()
    try {
      expect((await confirm(line.id, uploader)).status).toBe(200)
    } finally {
      delete process.env.STATEMENT_SELF_CONFIRM_LIMIT_CENTS
      resetConfig()
    }
  })

  it('confirms all exact matches with per-line results, one refusal not stopping the others', async () => {
    const a = await waitingPolicy()
    const b = await waitingPolicy()
    const c = await requestedTopup()
    const statement = await imported(
      debitCreditCsv([
        { desc: 'Premium', ref: a.ref, credit: a.premium!, balance: 10 },
        { desc: 'Premium', ref: b.ref, credit: b.premium!, balance: 20 },
        { desc: `Top up TOPUP-${c.id}`, credit: c.amount, balance: 30 },
        { desc: 'Unknown payer', credit: 123_457, balance: 40 },
      ]),
    )
    const lines = await linesOf(statement.id)
    expect(lines.map((l) => l.state)).toEqual(['exact', 'exact', 'exact', 'unmatched'])
    // b's payment is verified from its proof meanwhile: its line's confirmation is refused.
    const direct = await api('POST', '/oshc/finance-management/paymentApprove', {
      token: checker,
      body: { policyId: b.id },
    })
    expect(direct.status).toBe(200)

    const bulk = await api('POST', `${BS}/${statement.id}/confirm-exact`, { token: checker })
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200)
    expect(bulk.body.data).toMatchObject({ confirmed: 2, refused: 1 })
    expect(bulk.body.data.results).toEqual([
      { line_id: lines[0].id, ok: true, matched_kind: 'policy_payment', matched_id: a.id },
      expect.objectContaining({ line_id: lines[1].id, ok: false, status: 409 }),
      { line_id: lines[2].id, ok: true, matched_kind: 'topup', matched_id: c.id },
    ])
    expect((await linesOf(statement.id)).map((l) => l.state)).toEqual([
      'confirmed',
      'exact',
      'confirmed',
      'unmatched',
    ])
    // The uploader's bulk confirmation is refused line by line (limit 0).
    const own = await api('POST', `${BS}/${statement.id}/confirm-exact`, { token: uploader })
    expect(own.body.data.results).toEqual([
      expect.objectContaining({ line_id: lines[1].id, ok: false, status: 403 }),
    ])
    // At the next upload, the line whose payment no longer waits is matched afresh (not exact).
    await imported(amountCsv([{ narrative: `Interest ${nextSeq()}`, amount: 1, balance: seq }]))
    const [, stale] = await linesOf(statement.id)
    expect(stale.state).not.toBe('exact')
    expect(stale.matched_id).not.toBe(b.id)
  })

  it('marks a line not ours, never a confirmed one', async () => {
    const policy = await waitingPolicy()
    const statement = await imported(
      amountCsv([
        { narrative: `Premium ${policy.ref}`, amount: policy.premium!, balance: 5 },
        { narrative: 'Somebody else', amount: 4_321, balance: 6 },
      ]),
    )
    const [mine, other] = await linesOf(statement.id)
    const r = await api('POST', `${BS}/lines/${other.id}/not-ours`, { token: checker })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toEqual({ line_id: other.id, state: 'not_ours' })
    expect((await confirm(other.id)).status).toBe(409)
    expect((await confirm(mine.id)).status).toBe(200)
    expect((await api('POST', `${BS}/lines/${mine.id}/not-ours`, { token: checker })).status).toBe(409)
    const list = await api('GET', BS, { token: checker })
    expect(list.body.data.find((s: { id: number }) => s.id === statement.id)).toMatchObject({
      open_line_count: 0,
    })
  })
})

describe('the statement pages', () => {
  const ORIGIN = 'http://test.local'
  const get = (path: string, token: string) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
  const post = (path: string, token: string, form: FormData) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      body: form,
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
    })
  const fileForm = (content: string) => {
    const form = new FormData()
    form.set('file', new File([content], `page-${nextSeq()}.csv`, { type: 'text/csv' }))
    return form
  }

  it('uploads a statement, shows its lines and confirms the exact matches in bulk', async () => {
    const policy = await waitingPolicy()
    const bad = (await listPage.action({
      request: post('/staff/finance/statements', uploader, fileForm('Date,Description\n01/01/2026,x\n')),
      params: {},
      context: {},
    })) as { init: { status: number }; data: { error: Record<string, string[]> } }
    expect(bad.init.status).toBe(400)
    expect(bad.data.error.file[0]).toMatch(/^Line 1: the header row has no column for an amount/)

    const csv = amountCsv([
      { narrative: `Premium ${policy.ref}`, amount: policy.premium!, balance: 77 },
      { narrative: `Stranger ${seq}`, amount: 999, balance: 78 },
    ])
    const sent = (await listPage.action({
      request: post('/staff/finance/statements', uploader, fileForm(csv)),
      params: {},
      context: {},
    })) as Response
    expect(sent.status).toBe(302)
    const statementId = sent.headers.get('location')!.split('/').pop()!
    const list = await listPage.loader({
      request: get('/staff/finance/statements', checker),
      params: {},
      context: {},
    })
    expect(list.statements.map((s) => String(s.id))).toContain(statementId)

    const path = `/staff/finance/statements/${statementId}`
    const page = await statementPage.loader({
      request: get(path, checker),
      params: { statementId },
      context: {},
    })
    expect(page.lines.map((l) => l.state)).toEqual(['exact', 'unmatched'])
    expect(page.counts).toMatchObject({ exact: 1, unmatched: 1 })

    const bulk = new FormData()
    bulk.set('intent', 'confirm-exact')
    const done = (await statementPage.action({
      request: post(path, checker, bulk),
      params: { statementId },
      context: {},
    })) as { bulk: { confirmed: number; results: { ok: boolean }[] } }
    expect(done.bulk).toMatchObject({ confirmed: 1, refused: 0 })
    const [after] = await getDb().select().from(policies).where(eq(policies.id, policy.id))
    expect(after.status).toBe('PAYMENT_APPROVED')

    const again = new FormData()
    again.set('intent', `confirm:${page.lines[0].id}`)
    const refused = (await statementPage.action({
      request: post(path, checker, again),
      params: { statementId },
      context: {},
    })) as { init: { status: number } }
    expect(refused.init.status).toBe(409)

    // The stranger's line assigned from the page: an unknown reference answers on its form.
    const assign = new FormData()
    assign.set('intent', `assign:${page.lines[1].id}`)
    assign.set('reference', 'TOPUP-0')
    const unknown = (await statementPage.action({
      request: post(path, checker, assign),
      params: { statementId },
      context: {},
    })) as { init: { status: number }; data: { error: Record<string, string[]> } }
    expect(unknown.init.status).toBe(400)
    expect(unknown.data.error.reference).toEqual(['Nothing waits for a bank transfer under TOPUP-0'])
    const topup = await requestedTopup(999)
    assign.set('reference', `TOPUP-${topup.id}`)
    const assigned = (await statementPage.action({
      request: post(path, checker, assign),
      params: { statementId },
      context: {},
    })) as Response
    expect(assigned.status).toBe(302)
    const shown = await statementPage.loader({
      request: get(path, checker),
      params: { statementId },
      context: {},
    })
    expect(shown.lines[1]).toMatchObject({ state: 'assigned', target: { label: `Top-up TOPUP-${topup.id}` } })

    const missing = statementPage.loader({
      request: get('/staff/finance/statements/99999999', checker),
      params: { statementId: '99999999' },
      context: {},
    })
    await expect(missing).rejects.toMatchObject({ status: 404 })
  })
})
