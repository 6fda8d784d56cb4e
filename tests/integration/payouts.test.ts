import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { commissions, invoiceLineItems, notifications, tasks } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import * as staffList from '../../app/routes/staff+/finance.payouts'
import * as staffDetail from '../../app/routes/staff+/finance_.payouts.$payoutId/route'
import * as staffExport from '../../app/routes/staff+/finance.export'
import * as agencyCommission from '../../app/routes/agency+/finance.commission'
import * as agencyPayouts from '../../app/routes/agency+/finance.payouts'
import { agencyUserWith, agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import { eventually } from '../setup/eventually'
import { startWorker } from '../setup/worker'

const AGENCY = '/agencies/finance-management'
const OSHC = '/oshc/finance-management'
const ORIGIN = 'http://test.local'

let admin: string
let stop: () => Promise<void>

/** An agency (and token) with `count` paid policies whose commission is banked, and their premium lines. */
async function bankedAgency(count = 2) {
  const { agency, token } = await agencyWithToken()
  const policies = []
  for (let i = 0; i < count; i++)
    policies.push((await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })).policy)
  const lines = await getDb()
    .select({ id: invoiceLineItems.id })
    .from(invoiceLineItems)
    .where(
      inArray(
        invoiceLineItems.policy_id,
        policies.map((p) => p.id),
      ),
    )
    .orderBy(invoiceLineItems.id)
  return { agency, token, policies, lineIds: lines.map((l) => l.id) }
}

const send = (token: string, body: unknown) =>
  api('POST', `${AGENCY}/sendCommmisionPayoutRequest`, { token, body })

async function requested(count = 2) {
  const a = await bankedAgency(count)
  const r = await send(a.token, {
    external_invoice_id: `AG-${a.agency.id}`,
    invoice_line_item_ids: a.lineIds,
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  await eventually(async () => {
    const [t] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `payout-${r.body.data.id}`))
    return t
  }, 'the payout task')
  return { ...a, payout: r.body.data }
}

const cookie = (token: string) => ({ cookie: `oshc_session=${token}` })
const get = (path: string, token: string) => new Request(`${ORIGIN}${path}`, { headers: cookie(token) })
const post = (path: string, token: string, form: FormData) =>
  new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: form,
    headers: { ...cookie(token), origin: ORIGIN },
  })
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} })
type Unwrapped<T> = T extends { data: infer D; init: unknown } ? D : T
const body = <T>(answer: T) => ((answer as { data?: unknown }).data ?? answer) as Unwrapped<T>

beforeAll(async () => {
  admin = await staffToken()
  stop = await startWorker()
})
afterAll(() => stop())

describe('sendCommmisionPayoutRequest', () => {
  it('validates its body with the field errors', async () => {
    const a = await bankedAgency(1)
    const r = await send(a.token, { invoice_line_item_ids: [] })
    expect(r.status).toBe(400)
    expect(r.body.errors.external_invoice_id).toEqual(['external_invoice_id is required'])
    expect(r.body.errors.invoice_line_item_ids).toEqual(['Choose at least one banked commission line'])
    const bad = await send(a.token, { external_invoice_id: 'X', invoice_line_item_ids: ['abc'] })
    expect(bad.status).toBe(400)
  })

  it('requests the payout with GST, then refuses the same lines (409 naming them) and the same invoice number (409)', async () => {
    const a = await bankedAgency(2)
    const r = await send(a.token, { external_invoice_id: 'AG-0001', invoice_line_item_ids: a.lineIds })
    expect(r.status).toBe(201)
    const p = r.body.data
    expect(p).toMatchObject({ status: 'REQUESTED', external_invoice_id: 'AG-0001', gst_rate: 10 })
    expect(p.total_amount).toBeCloseTo(p.commission_amount + p.gst_amount, 2)
    expect(p.gst_amount).toBeCloseTo(Math.round(p.commission_amount * 10) / 100, 2)
    const again = await send(a.token, { external_invoice_id: 'AG-0002', invoice_line_item_ids: a.lineIds })
    expect(again.status).toBe(409)
    expect(again.body.message).toContain(a.policies[0].ref)
    expect(again.body.message).toContain('Payout requested')
    const c = await bankedAgency(1)
    const [extra] = await getDb()
      .select()
      .from(commissions)
      .where(eq(commissions.policy_id, c.policies[0].id))
    expect(extra.status).toBe('COMMISSION_BANKED')
    const dup = await send(a.token, { external_invoice_id: 'AG-0001', invoice_line_item_ids: c.lineIds })
    // c's lines are another agency's: 404 before anything else.
    expect(dup.status).toBe(404)
    const mine = (await createPolicy(getDb(), { agencyId: a.agency.id, status: 'PAYMENT_APPROVED' })).policy
    const [line] = await getDb()
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.policy_id, mine.id))
    const dupId = await send(a.token, { external_invoice_id: 'AG-0001', invoice_line_item_ids: [line.id] })
    expect(dupId.status).toBe(409)
    expect(dupId.body.message).toContain('AG-0001')
  })

  it("answers 404 for another agency's lines and 403 to an agency user without finance", async () => {
    const a = await bankedAgency(1)
    const b = await bankedAgency(1)
    const r = await send(b.token, { external_invoice_id: 'B-1', invoice_line_item_ids: a.lineIds })
    expect(r.status).toBe(404)
    const buyer = await agencyUserWith(a.agency.id, ['purchase'])
    expect((await send(buyer, { external_invoice_id: 'A-1', invoice_line_item_ids: a.lineIds })).status).toBe(
      403,
    )
    const [c] = await getDb().select().from(commissions).where(eq(commissions.policy_id, a.policies[0].id))
    expect(c.status).toBe('COMMISSION_BANKED')
  })

  it('counts a banked commission an amendment adjusted as banked: listed, in the metrics and requestable', async () => {
    const a = await bankedAgency(1)
    await getDb()
      .update(commissions)
      .set({ status: 'COMMISSION_BANKED_AMENDMENT_ADJUSTED' })
      .where(eq(commissions.policy_id, a.policies[0].id))
    const listed = await api('GET', `${AGENCY}/getCommissionBankedPolicies/${a.agency.id}`, {
      token: a.token,
    })
    expect(listed.body.data.map((c: { status: string }) => c.status)).toEqual([
      'COMMISSION_BANKED_AMENDMENT_ADJUSTED',
    ])
    const metrics = await api('GET', `/payment-system/finance-metrics`, { token: a.token })
    expect(metrics.body.data.commissionAvailable).toBeGreaterThan(0)
    const r = await send(a.token, { external_invoice_id: 'AG-ADJ-1', invoice_line_item_ids: a.lineIds })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    const [c] = await getDb().select().from(commissions).where(eq(commissions.policy_id, a.policies[0].id))
    expect(c.status).toBe('PAYOUT_REQUESTED')
  })

  it('createInvoicePaymentRequestForBankedCommission is the same request, with a generated invoice number', async () => {
    const a = await bankedAgency(1)
    const path = '/payment-system/invoice-payment/createInvoicePaymentRequestForBankedCommission'
    const other = await bankedAgency(1)
    expect(
      (
        await api('POST', path, {
          token: a.token,
          body: { agency_id: other.agency.id, invoice_line_items_ids: a.lineIds },
        })
      ).status,
    ).toBe(404)
    const r = await api('POST', path, {
      token: a.token,
      body: { agency_id: a.agency.id, invoice_line_items_ids: a.lineIds },
    })
    expect(r.status).toBe(201)
    expect(r.body.data.external_invoice_id).toMatch(new RegExp(`^COMM-${a.agency.id}-`))
    // Staff may request for an agency; they then may not approve it (maker-checker).
    const s = await bankedAgency(1)
    const byStaff = await api('POST', path, {
      token: admin,
      body: { agency_id: s.agency.id, invoice_line_items_ids: s.lineIds },
    })
    expect(byStaff.status).toBe(201)
    const own = await api('POST', `${OSHC}/approveCommissionPayoutRequest`, {
      token: admin,
      body: { commission_payout_request_id: byStaff.body.data.id, payment_type: 'AGENCY_BALANCE' },
    })
    expect(own.status).toBe(403)
  })
})

describe('approveCommissionPayoutRequest and rejectCommissionPayoutRequest', () => {
  const approve = (token: string, b: unknown) =>
    api('POST', `${OSHC}/approveCommissionPayoutRequest`, { token, body: b })
  const reject = (token: string, b: unknown) =>
    api('POST', `${OSHC}/rejectCommissionPayoutRequest`, { token, body: b })

  it('validates, checks permission, refuses unknown and decided payouts', async () => {
    const { payout } = await requested(1)
    const noDoc = await approve(admin, { commission_payout_request_id: payout.id, payment_type: 'BANK' })
    expect(noDoc.status).toBe(400)
    expect(noDoc.body.errors.bank_document).toEqual(['bank_document is required'])
    const badType = await approve(admin, { commission_payout_request_id: payout.id, payment_type: 'CASH' })
    expect(badType.status).toBe(400)
    const noReason = await reject(admin, { commission_payout_request_id: payout.id })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors.rejection_reason).toEqual(['Rejection reason is required'])
    const clerk = await staffWith(['policy_management'])
    expect(
      (await approve(clerk, { commission_payout_request_id: payout.id, payment_type: 'AGENCY_BALANCE' }))
        .status,
    ).toBe(403)
    expect(
      (await approve(admin, { commission_payout_request_id: 2_000_000_000, payment_type: 'AGENCY_BALANCE' }))
        .status,
    ).toBe(404)
    const ok = await approve(admin, {
      commission_payout_request_id: payout.id,
      payment_type: 'AGENCY_BALANCE',
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data).toMatchObject({ status: 'APPROVED', payment_type: 'AGENCY_BALANCE' })
    // The agency is told its commission is paid (COMMISSION_PAID), in the decision's transaction.
    const paid = await getDb()
      .select({ type: notifications.event_type })
      .from(notifications)
      .where(sql`${notifications.meta}->>'payout_id' = ${String(payout.id)}`)
      .orderBy(notifications.id)
    // Staff finance heard of the request when it was made, the agency of the payment when approved.
    expect(paid.map((n) => n.type)).toEqual(['COMMISSION_PAYOUT_REQUESTED', 'COMMISSION_PAID'])
    const twice = await reject(admin, { commission_payout_request_id: payout.id, rejection_reason: 'late' })
    expect(twice.status).toBe(409)
  })

  it('rejects with a reason; the agency sees REJECTED and can request the lines again', async () => {
    const a = await requested(1)
    const r = await reject(admin, {
      commission_payout_request_id: a.payout.id,
      rejection_reason: 'Wrong ABN',
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'REJECTED', rejection_reason: 'Wrong ABN' })
    const banked = await api('GET', `${AGENCY}/getCommissionBankedPolicies/${a.agency.id}`, {
      token: a.token,
    })
    expect(banked.body.data.map((c: any) => c.invoice_line_item_id)).toEqual(a.lineIds)
    expect(
      (await send(a.token, { external_invoice_id: 'AG-NEW', invoice_line_item_ids: a.lineIds })).status,
    ).toBe(201)
  })
})

describe('payout reads and exports', () => {
  it('lists, filters and reads payouts for staff and, scoped, for the agency', async () => {
    const a = await requested(2)
    const b = await requested(1)
    await api('POST', `${OSHC}/approveCommissionPayoutRequest`, {
      token: admin,
      body: { commission_payout_request_id: b.payout.id, payment_type: 'AGENCY_BALANCE' },
    })
    const list = await api('GET', `${OSHC}/getCommissionPayouts`, {
      token: admin,
      query: { agency_id: String(a.agency.id), status: 'REQUESTED' },
    })
    expect(list.status).toBe(200)
    expect(list.body.data.map((p: any) => p.id)).toEqual([a.payout.id])
    expect(list.body.data[0]).toMatchObject({ lines: 2, agency: { id: a.agency.id } })
    expect(list.body.pageInfo).toMatchObject({ page: 1, total: 1 })
    const approved = await api('GET', `${OSHC}/getCommissionPayouts`, {
      token: admin,
      query: { status: 'APPROVED', perPage: '100' },
    })
    expect(approved.body.data.map((p: any) => p.id)).toContain(b.payout.id)
    expect(approved.body.data.map((p: any) => p.id)).not.toContain(a.payout.id)
    const future = await api('GET', `${OSHC}/getCommissionPayouts`, {
      token: admin,
      query: { start_date: '2099-01-01' },
    })
    expect(future.body.data).toEqual([])
    expect(
      (await api('GET', `${OSHC}/getCommissionPayouts`, { token: admin, query: { sort_key: 'nope' } }))
        .status,
    ).toBe(400)

    const detail = await api('GET', `${OSHC}/getCommissionPayoutById/${a.agency.id}/${a.payout.id}`, {
      token: admin,
    })
    expect(detail.status).toBe(200)
    expect(detail.body.data.lines).toHaveLength(2)
    const lineSum = detail.body.data.lines.reduce(
      (s: number, l: any) => s + Math.round(l.gst_amount * 100),
      0,
    )
    expect(lineSum).toBe(Math.round(detail.body.data.gst_amount * 100))
    expect(detail.body.data.history.map((h: any) => h.action)).toEqual(['REQUESTED'])
    expect(
      (await api('GET', `${OSHC}/getCommissionPayoutById/${b.agency.id}/${a.payout.id}`, { token: admin }))
        .status,
    ).toBe(404)
    const oshcHistory = await api('GET', `${OSHC}/getCommissionPayoutOSHCHistories/${b.payout.id}`, {
      token: admin,
    })
    expect(oshcHistory.body.data.map((h: any) => h.action)).toEqual(['REQUESTED', 'APPROVED'])

    // The agency: its own list, detail (query id) and history; another agency's is 404.
    const own = await api('GET', `${AGENCY}/getCommissionPayouts/${a.agency.id}`, { token: a.token })
    expect(own.body.data.map((p: any) => p.id)).toEqual([a.payout.id])
    expect(
      (await api('GET', `${AGENCY}/getCommissionPayouts/${b.agency.id}`, { token: a.token })).status,
    ).toBe(404)
    const byId = await api('GET', `${AGENCY}/getCommissionPayoutById`, {
      token: a.token,
      query: { commission_payout_payment_id: String(a.payout.id) },
    })
    expect(byId.status).toBe(200)
    expect(byId.body.data.id).toBe(a.payout.id)
    const foreign = await api('GET', `${AGENCY}/getCommissionPayoutById`, {
      token: a.token,
      query: { commission_payout_payment_id: String(b.payout.id) },
    })
    expect(foreign.status).toBe(404)
    expect(
      (await api('GET', `${AGENCY}/getCommissionPayoutAgenciesHistories/${b.payout.id}`, { token: a.token }))
        .status,
    ).toBe(404)
    const hist = await api('GET', `${AGENCY}/getCommissionPayoutAgenciesHistories/${b.payout.id}`, {
      token: b.token,
    })
    expect(hist.body.data.map((h: any) => h.action)).toEqual(['REQUESTED', 'APPROVED'])

    const perPolicy = await api('GET', `${AGENCY}/getPayoutCommissionForEachPolicy/${a.agency.id}`, {
      token: a.token,
    })
    expect(perPolicy.body.data.map((l: any) => l.policy_ref).sort()).toEqual(
      a.policies.map((p) => p.ref).sort(),
    )
    expect(perPolicy.body.data[0]).toMatchObject({
      payout_id: a.payout.id,
      payout_status: 'REQUESTED',
      commission_status: 'PAYOUT_REQUESTED',
    })
    expect(
      (await api('GET', `${AGENCY}/getPayoutCommissionForEachPolicy/${b.agency.id}`, { token: a.token }))
        .status,
    ).toBe(404)
    const admin1 = await api('GET', `${OSHC}/getPayoutCommissionForEachPolicyForAdmin`, {
      token: admin,
      query: { commission_payout_payment_id: String(b.payout.id) },
    })
    expect(admin1.body.data).toHaveLength(1)
    expect(admin1.body.data[0]).toMatchObject({ payout_status: 'APPROVED', commission_status: 'PAID' })
  })

  it('getBankedCommision lists banked commission not yet requested; exports stream the same lists', async () => {
    const a = await bankedAgency(2)
    const b = await requested(1)
    const banked = await api('GET', `${OSHC}/getBankedCommision`, {
      token: admin,
      query: { agency_id: String(a.agency.id) },
    })
    expect(banked.body.data.map((c: any) => c.invoice_line_item_id).sort()).toEqual([...a.lineIds].sort())
    const bBanked = await api('GET', `${OSHC}/getBankedCommision`, {
      token: admin,
      query: { agency_id: String(b.agency.id) },
    })
    expect(bBanked.body.data).toEqual([])
    expect((await api('GET', `${OSHC}/getBankedCommision`, { token: a.token })).status).toBe(403)

    const csv = await api('POST', `${OSHC}/exportBankedCommission`, {
      token: admin,
      query: { agency_id: String(a.agency.id) },
    })
    expect(csv.status).toBe(200)
    const rows = String(csv.body).trim().split('\r\n')
    expect(rows[0]).toContain('Commission (AUD)')
    expect(rows).toHaveLength(3)
    const payouts = await api('POST', `${OSHC}/exportCommissionPayouts`, {
      token: admin,
      query: { agency_id: String(b.agency.id) },
    })
    expect(String(payouts.body)).toContain(`AG-${b.agency.id}`)
    const mine = await api('POST', `${AGENCY}/exportCommissionPayouts/${b.agency.id}`, { token: b.token })
    expect(String(mine.body).trim().split('\r\n')).toHaveLength(2)
    expect(
      (await api('POST', `${AGENCY}/exportCommissionPayouts/${b.agency.id}`, { token: a.token })).status,
    ).toBe(404)
    const bankedMine = await api('POST', `${AGENCY}/exportBankedCommission/${a.agency.id}`, {
      token: a.token,
    })
    expect(String(bankedMine.body).trim().split('\r\n')).toHaveLength(3)
  })
})

describe('payout screens', () => {
  it('staff: the list with status tabs, the detail with lines and GST, and decisions from the form', async () => {
    const a = await requested(2)
    const list = body(
      await staffList.loader(
        args(get(`/staff/finance/payouts?status=REQUESTED&agency_id=${a.agency.id}`, admin)),
      ),
    )
    expect(list.status).toBe('REQUESTED')
    expect(list.rows.map((r) => r.id)).toEqual([a.payout.id])
    const page = body(
      await staffDetail.loader(
        args(get(`/staff/finance/payouts/${a.payout.id}`, admin), { payoutId: String(a.payout.id) }),
      ),
    )
    expect(page!.payout.lines).toHaveLength(2)
    expect(page!.payout.total_amount).toBe(a.payout.total_amount)
    await expect(
      staffDetail.loader(args(get('/staff/finance/payouts/99999999', admin), { payoutId: '99999999' })),
    ).rejects.toMatchObject({ status: 404 })

    const noReason = new FormData()
    noReason.set('intent', 'reject')
    const refused = await staffDetail.action(
      args(post(`/staff/finance/payouts/${a.payout.id}`, admin, noReason), { payoutId: String(a.payout.id) }),
    )
    expect((refused as any).init?.status).toBe(400)
    const noDoc = new FormData()
    noDoc.set('intent', 'approve')
    noDoc.set('payment_type', 'BANK')
    const refusedDoc = await staffDetail.action(
      args(post(`/staff/finance/payouts/${a.payout.id}`, admin, noDoc), { payoutId: String(a.payout.id) }),
    )
    expect((refusedDoc as any).init?.status).toBe(400)
    expect(JSON.stringify((refusedDoc as any).data)).toContain('bank_document is required')

    const withDoc = new FormData()
    withDoc.set('intent', 'approve')
    withDoc.set('payment_type', 'BANK')
    withDoc.set(
      'bank_document',
      new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34])], 'transfer.pdf', {
        type: 'application/pdf',
      }),
    )
    const done = await staffDetail.action(
      args(post(`/staff/finance/payouts/${a.payout.id}`, admin, withDoc), { payoutId: String(a.payout.id) }),
    )
    expect((done as Response).status).toBe(302)
    const after = body(
      await staffDetail.loader(
        args(get(`/staff/finance/payouts/${a.payout.id}`, admin), { payoutId: String(a.payout.id) }),
      ),
    )
    expect(after!.payout).toMatchObject({ status: 'APPROVED', payment_type: 'BANK' })
    expect(after!.payout.bank_document).toMatch(/^private\//)

    // The staff pages are staff pages: an agency session is refused.
    await expect(staffList.loader(args(get('/staff/finance/payouts', a.token)))).rejects.toMatchObject({
      status: 403,
    })

    const exported = await staffExport.loader(
      args(get(`/staff/finance/export?list=payouts&agency_id=${a.agency.id}`, admin)),
    )
    expect(await (exported as Response).text()).toContain(`AG-${a.agency.id}`)
  })

  it('agency: banked lines with the GST terms, the request from the form, and the payouts list', async () => {
    const a = await bankedAgency(2)
    const page = body(await agencyCommission.loader(args(get('/agency/finance/commission', a.token))))
    expect(page.gst).toMatchObject({ gst_registered: true, gst_rate: 10, gst_basis_points: 1000 })
    expect(page.rows.map((r) => r.line).sort()).toEqual([...a.lineIds].sort())
    expect(page.canRequest).toBe(true)
    const empty = new FormData()
    empty.set('external_invoice_id', 'SCR-1')
    const refused = await agencyCommission.action(args(post('/agency/finance/commission', a.token, empty)))
    expect((refused as any).init?.status).toBe(400)
    const form = new FormData()
    form.set('external_invoice_id', 'SCR-1')
    for (const id of a.lineIds) form.append('invoice_line_item_ids', String(id))
    const sent = await agencyCommission.action(args(post('/agency/finance/commission', a.token, form)))
    expect((sent as Response).status).toBe(302)
    expect((sent as Response).headers.get('location')).toBe('/agency/finance/payouts')
    const list = body(await agencyPayouts.loader(args(get('/agency/finance/payouts', a.token))))
    expect(list.rows).toHaveLength(1)
    expect(list.rows[0]).toMatchObject({ external_invoice_id: 'SCR-1', status: 'REQUESTED', lines: 2 })
    const afterPage = body(await agencyCommission.loader(args(get('/agency/finance/commission', a.token))))
    expect(afterPage.rows).toEqual([])
  })
})
