import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalances,
  agencyBalanceTransactions,
  agencyHistories,
  agencyTopups,
  files,
  identities,
  invoiceLineItems,
  invoicePayments,
  invoices,
  tasks,
} from '../../db/schema'
import { ADMIN, agencyWithToken, api, lastMail, login, staffToken, tempPasswordFrom } from '../setup/api'

const AGENCY = '/agencies/finance-management'
const OSHC = '/oshc/finance-management'

let admin: string
let adminIdentity: number
let financeClerk: string
let seq = 0
/** A transfer date within the last year (top-up dates older than a year are refused). */
const PAID_ON = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)

/** A stored, uploaded file row of `agencyId`, as the presigned upload leaves it. */
async function uploadedFile(agencyId: number | null, name = 'receipt.pdf') {
  const key = `private/test-${Date.now().toString(36)}-${++seq}-${name}`
  await getDb().insert(files).values({
    key,
    folder: 'private',
    filename: name,
    content_type: 'application/pdf',
    size: 10,
    agency_id: agencyId,
    uploaded_at: new Date(),
  })
  return key
}

/** A second staff member holding only `finance`, created through the API like users.test.ts does. */
async function financeStaff() {
  const perms = await api('GET', '/oshc/user-management/getOshcPermission', { token: admin })
  const ids = perms.body.data.filter((p: any) => p.name === 'finance').map((p: any) => p.id)
  const role = await api('POST', '/oshc/user-management/createOshcRole', {
    token: admin,
    body: { name: `Top-up desk ${Date.now()}` },
  })
  expect(role.status, JSON.stringify(role.body)).toBe(201)
  await api('POST', `/oshc/user-management/assignPermissionToRole/${role.body.data.id}`, {
    token: admin,
    body: { Permissions: ids },
  })
  const email = `clerk-${Date.now().toString(36)}@example.test`
  const created = await api('POST', '/oshc/user-management/CreateOshcUser', {
    token: admin,
    body: { first_name: 'Fin', last_name: 'Clerk', email, role_id: role.body.data.id },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return login(email, tempPasswordFrom((await lastMail(email)).text)!)
}

beforeAll(async () => {
  admin = await staffToken()
  const [row] = await getDb().select().from(identities).where(eq(identities.email, ADMIN.email))
  adminIdentity = row.id
  financeClerk = await financeStaff()
})

async function requestTopUp(token: string, agencyId: number, amount: number | string = 250.5) {
  const receipt = await uploadedFile(agencyId)
  const r = await api('POST', `${AGENCY}/doTopUpByAgency`, {
    token,
    body: {
      agency_id: agencyId,
      payment_method: 'BANK',
      receipt_url: receipt,
      amount,
      status: 'APPROVED',
      topup_date: PAID_ON,
    },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.data as { invoiceId: number; topup: { id: number; status: string; amount: number } }
}

const balanceOf = async (agencyId: number) =>
  (await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, agencyId)))[0]
const ledgerOf = (agencyId: number) =>
  getDb().select().from(agencyBalanceTransactions).where(eq(agencyBalanceTransactions.agency_id, agencyId))
const taskOf = async (topupId: number) =>
  (
    await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `topup-${topupId}`))
  )[0]

describe('requesting a top-up', () => {
  it("refuses a BANK top-up without a receipt with 'Bank document is required' on receipt_url", async () => {
    const { agency, token } = await agencyWithToken()
    const r = await api('POST', `${AGENCY}/doTopUpByAgency`, {
      token,
      body: { agency_id: agency.id, payment_method: 'BANK', amount: 100, topup_date: PAID_ON },
    })
    expect(r.status).toBe(400)
    expect(r.body.errors.receipt_url).toEqual(['Bank document is required'])
    const blank = await api('POST', `${AGENCY}/doTopUpByAgency`, {
      token,
      body: { agency_id: agency.id, payment_method: 'BANK', receipt_url: '', amount: 100 },
    })
    expect(blank.status).toBe(400)
    expect(blank.body.errors.receipt_url).toEqual(['Bank document is required'])
    expect(
      await getDb().select().from(agencyTopups).where(eq(agencyTopups.agency_id, agency.id)),
    ).toHaveLength(0)
  })

  it('checks the amount, the receipt file, the method and the agency', async () => {
    const { agency, token } = await agencyWithToken()
    const receipt = await uploadedFile(agency.id)
    const post = (body: Record<string, unknown>) =>
      api('POST', `${AGENCY}/doTopUpByAgency`, {
        token,
        body: { agency_id: agency.id, payment_method: 'BANK', receipt_url: receipt, amount: 10, ...body },
      })
    for (const amount of [0, -5, 'abc']) {
      const r = await post({ amount })
      expect(r.status).toBe(400)
      expect(r.body.errors.amount).toEqual(['Amount must be greater than 0'])
    }
    expect((await post({ amount: '10.123' })).body.errors.amount).toEqual([
      'Amount must have at most two decimals',
    ])
    // Another agency's file (or an unknown key) cannot be used as the receipt.
    const { agency: other } = await agencyWithToken()
    const foreign = await post({ receipt_url: await uploadedFile(other.id) })
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors.receipt_url).toEqual(['File not found'])
    // CARD needs no receipt: it opens a gateway checkout and stays REQUESTED until the gateway
    // confirms (tests/integration/card-topups.test.ts follows it to the credit).
    const card = await post({ payment_method: 'CARD', receipt_url: undefined })
    expect(card.status, JSON.stringify(card.body)).toBe(201)
    expect(card.body.data.topup).toMatchObject({ status: 'REQUESTED', payment_method: 'CARD' })
    expect(card.body.data.checkout.url).toContain('/checkout/sandbox/')
    // Another agency's id is a 404, staff cannot request top-ups, anonymous callers are 401.
    expect((await post({ agency_id: other.id })).status).toBe(404)
    expect(
      (
        await api('POST', `${AGENCY}/doTopUpByAgency`, {
          token: admin,
          body: { agency_id: agency.id, payment_method: 'BANK', receipt_url: receipt, amount: 10 },
        })
      ).status,
    ).toBe(403)
    expect((await api('POST', `${AGENCY}/doTopUpByAgency`, { body: {} })).status).toBe(401)
    // Only the card top-up above was recorded; every refused call left nothing.
    expect(
      await getDb().select().from(agencyTopups).where(eq(agencyTopups.agency_id, agency.id)),
    ).toMatchObject([{ payment_method: 'CARD', status: 'REQUESTED' }])
  })

  it('records a REQUESTED top-up (whatever status is sent) with its TOPUP invoice and a staff task', async () => {
    const { agency, token } = await agencyWithToken()
    const { invoiceId, topup } = await requestTopUp(token, agency.id, '250.50')
    expect(topup).toMatchObject({
      status: 'REQUESTED',
      amount: 250.5,
      payment_method: 'BANK',
      invoice_id: invoiceId,
    })
    const [row] = await getDb().select().from(agencyTopups).where(eq(agencyTopups.id, topup.id))
    expect(row).toMatchObject({ status: 'REQUESTED', amount: 25050, topup_date: PAID_ON })
    const [invoice] = await getDb().select().from(invoices).where(eq(invoices.id, invoiceId))
    expect(invoice).toMatchObject({
      invoice_type: 'TOPUP',
      status: 'PENDING',
      agency_id: agency.id,
      total_amount_due: 25050,
      total_outstanding_amount: 25050,
    })
    const items = await getDb()
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoice_id, invoiceId))
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      line_item_type: 'TOPUP',
      line_item_type_id: topup.id,
      total_amount: 25050,
      payer: 'AGENCY',
      receiver: 'OSHC',
    })
    const task = await taskOf(topup.id)
    expect(task).toMatchObject({ kind: 'topup', audience: 'staff', agency_id: agency.id, amount: 25050 })
    expect(task.subject).toBe(`Approve top-up of A$250.50 for ${agency.full_company_name}`)
    expect(task.closed_at).toBeNull()
    // The invoice waits for approval (its bank payment is pending).
    const pending = await api('GET', '/payment-system/invoice/getAllInvoices', {
      token,
      query: { tab: 'PENDING_APPROVAL' },
    })
    expect(pending.body.data.map((i: any) => i.id)).toEqual([invoiceId])
    // Both sides see it in the lists.
    const mine = await api('GET', `${AGENCY}/getAgencyTopup/${agency.id}`, { token })
    expect(mine.body.data.map((t: any) => t.id)).toEqual([topup.id])
    const all = await api('GET', `${OSHC}/getAgencyTopup`, {
      token: admin,
      query: { agency_id: String(agency.id), status: 'REQUESTED' },
    })
    expect(all.body.data.map((t: any) => t.id)).toEqual([topup.id])
    expect(all.body.data[0].agency.id).toBe(agency.id)
  })
})

describe('deciding a top-up', () => {
  it('approve credits the balance with one AGENCY_TOPUP ledger row, pays the invoice, closes the task and mails', async () => {
    const { agency, token } = await agencyWithToken()
    const first = await requestTopUp(token, agency.id, 100)
    const second = await requestTopUp(token, agency.id, '49.99')
    const a1 = await api('POST', `${OSHC}/topUpApprove`, {
      token: admin,
      body: { top_up_id: first.topup.id },
    })
    expect(a1.status, JSON.stringify(a1.body)).toBe(200)
    expect(a1.body.data).toMatchObject({ id: first.topup.id, status: 'APPROVED', amount: 100 })
    const a2 = await api('POST', `${OSHC}/topUpApprove`, {
      token: admin,
      body: { top_up_id: second.topup.id },
    })
    expect(a2.status).toBe(200)

    expect((await balanceOf(agency.id)).balance).toBe(14999)
    const ledger = await ledgerOf(agency.id)
    expect(ledger.map((l) => [l.type, l.transaction_amount, l.balance, l.topup_id])).toEqual([
      ['AGENCY_TOPUP', 10000, 10000, first.topup.id],
      ['AGENCY_TOPUP', 4999, 14999, second.topup.id],
    ])
    const [invoice] = await getDb().select().from(invoices).where(eq(invoices.id, first.invoiceId))
    expect(invoice).toMatchObject({ status: 'PAID', total_outstanding_amount: 0 })
    const [payment] = await getDb()
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoice_id, first.invoiceId))
    expect(payment.status).toBe('COMPLETED')
    const task = await taskOf(first.topup.id)
    expect(task.outcome).toBe('approved')
    expect(task.closed_at).not.toBeNull()
    const timeline = await getDb()
      .select()
      .from(agencyHistories)
      .where(eq(agencyHistories.agency_id, agency.id))
      .orderBy(agencyHistories.id)
    expect(timeline.filter((h) => h.action.startsWith('TOPUP_')).map((h) => [h.action, h.actor])).toEqual([
      ['TOPUP_REQUESTED', `Agency:${agency.email}`],
      ['TOPUP_REQUESTED', `Agency:${agency.email}`],
      ['TOPUP_APPROVED', `Oshc:${ADMIN.email}`],
      ['TOPUP_APPROVED', `Oshc:${ADMIN.email}`],
    ])
    const mail = await lastMail(agency.email)
    expect(mail.subject).toBe('Top-up approved')
    expect(mail.text).toContain('A$149.99')

    // The agency reads its balance and ledger (newest first), as decimals.
    const balance = await api('GET', `${AGENCY}/balance/${agency.id}`, { token })
    expect(balance.body.data).toMatchObject({ balance: 149.99, commission: 0, due_amount: 0 })
    const rows = await api('GET', `${AGENCY}/getAgencyBalanceTransactionForAgency/${agency.id}`, {
      token,
      query: { perPage: '1' },
    })
    expect(rows.body.pageInfo).toMatchObject({ total: 2, perPage: 1, totalPages: 2 })
    expect(rows.body.data[0]).toMatchObject({
      type: 'AGENCY_TOPUP',
      transaction_amount: 49.99,
      balance: 149.99,
    })

    // Approving again is a conflict and changes nothing.
    const again = await api('POST', `${OSHC}/topUpApprove`, {
      token: admin,
      body: { top_up_id: first.topup.id },
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/only a REQUESTED top-up can be approved/)
    expect((await balanceOf(agency.id)).balance).toBe(14999)
    expect(await ledgerOf(agency.id)).toHaveLength(2)
    // And so is rejecting an approved one.
    const late = await api('POST', `${OSHC}/topUpReject`, {
      token: admin,
      body: { top_up_id: first.topup.id, reason: 'Too late' },
    })
    expect(late.status).toBe(409)
  })

  it('reject needs a reason, cancels the invoice, closes the task, mails the reason and moves no money', async () => {
    const { agency, token } = await agencyWithToken()
    const { invoiceId, topup } = await requestTopUp(token, agency.id, 80)
    const noReason = await api('POST', `${OSHC}/topUpReject`, { token: admin, body: { agencyId: agency.id } })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors.reason).toEqual(['Reason is required'])
    const r = await api('POST', `${OSHC}/topUpReject`, {
      token: admin,
      body: { agencyId: agency.id, reason: 'The transfer never arrived' },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({
      id: topup.id,
      status: 'REJECTED',
      rejection_reason: 'The transfer never arrived',
    })
    const [invoice] = await getDb().select().from(invoices).where(eq(invoices.id, invoiceId))
    expect(invoice).toMatchObject({ status: 'CANCELLED', cancellation_reasons: 'The transfer never arrived' })
    expect((await taskOf(topup.id)).outcome).toBe('rejected')
    const [history] = await getDb()
      .select()
      .from(agencyHistories)
      .where(and(eq(agencyHistories.agency_id, agency.id), eq(agencyHistories.action, 'TOPUP_REJECTED')))
    expect(history.note).toBe('The transfer never arrived')
    const mail = await lastMail(agency.email)
    expect(mail.subject).toBe('Top-up rejected')
    expect(mail.text).toContain('Reason: The transfer never arrived')
    expect((await balanceOf(agency.id)).balance).toBe(0)
    expect(await ledgerOf(agency.id)).toHaveLength(0)
    // Approving a rejected top-up is a conflict.
    expect(
      (await api('POST', `${OSHC}/topUpApprove`, { token: admin, body: { top_up_id: topup.id } })).status,
    ).toBe(409)
  })

  it('with only agencyId, rejects the single waiting top-up and refuses to guess among several', async () => {
    const { agency, token } = await agencyWithToken()
    const none = await api('POST', `${OSHC}/topUpReject`, {
      token: admin,
      body: { agencyId: agency.id, reason: 'x' },
    })
    expect(none.status).toBe(409)
    const a = await requestTopUp(token, agency.id, 10)
    const b = await requestTopUp(token, agency.id, 20)
    const several = await api('POST', `${OSHC}/topUpReject`, {
      token: admin,
      body: { agencyId: agency.id, reason: 'Duplicate' },
    })
    expect(several.status).toBe(409)
    expect(several.body.message).toMatch(/several requested top-ups/)
    // top_up_id picks one; with a mismatching agencyId it is a 404.
    const { agency: other } = await agencyWithToken()
    expect(
      (
        await api('POST', `${OSHC}/topUpReject`, {
          token: admin,
          body: { agencyId: other.id, top_up_id: b.topup.id, reason: 'Duplicate' },
        })
      ).status,
    ).toBe(404)
    const picked = await api('POST', `${OSHC}/topUpReject`, {
      token: admin,
      body: { agencyId: agency.id, top_up_id: b.topup.id, reason: 'Duplicate' },
    })
    expect(picked.status).toBe(200)
    const rows = await getDb().select().from(agencyTopups).where(eq(agencyTopups.agency_id, agency.id))
    expect(Object.fromEntries(rows.map((t) => [t.id, t.status]))).toEqual({
      [a.topup.id]: 'REQUESTED',
      [b.topup.id]: 'REJECTED',
    })
  })

  it('maker-checker: the staff member who created a top-up cannot approve it, another finance staff member can', async () => {
    const { agency, token } = await agencyWithToken()
    const { topup } = await requestTopUp(token, agency.id, 60)
    // A top-up entered by staff on the agency's behalf (created_by is that staff identity).
    await getDb().update(agencyTopups).set({ created_by: adminIdentity }).where(eq(agencyTopups.id, topup.id))
    const own = await api('POST', `${OSHC}/topUpApprove`, { token: admin, body: { top_up_id: topup.id } })
    expect(own.status).toBe(403)
    expect(own.body.message).toMatch(/another finance staff member must approve it/)
    expect((await balanceOf(agency.id)).balance).toBe(0)
    const other = await api('POST', `${OSHC}/topUpApprove`, {
      token: financeClerk,
      body: { top_up_id: topup.id },
    })
    expect(other.status, JSON.stringify(other.body)).toBe(200)
    expect((await balanceOf(agency.id)).balance).toBe(6000)
  })

  it('keeps decisions to finance staff and lists to their owners', async () => {
    const { agency, token } = await agencyWithToken()
    const { topup } = await requestTopUp(token, agency.id, 5)
    expect((await api('POST', `${OSHC}/topUpApprove`, { token, body: { top_up_id: topup.id } })).status).toBe(
      403,
    )
    expect((await api('POST', `${OSHC}/topUpApprove`, { body: { top_up_id: topup.id } })).status).toBe(401)
    expect((await api('GET', `${OSHC}/getAgencyTopup`, { token })).status).toBe(403)
    const { agency: other, token: otherToken } = await agencyWithToken()
    expect((await api('GET', `${AGENCY}/getAgencyTopup/${agency.id}`, { token: otherToken })).status).toBe(
      404,
    )
    expect((await api('GET', `${AGENCY}/balance/${agency.id}`, { token: otherToken })).status).toBe(404)
    expect(
      (await api('GET', `${AGENCY}/getAgencyTopup/${other.id}`, { token: otherToken })).body.data,
    ).toEqual([])
    // The staff export is a CSV of the filtered list.
    const csv = await api('POST', `${OSHC}/exportAgencyTopups`, {
      token: admin,
      query: { agency_id: String(agency.id) },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (csv.body as string).trim().split('\r\n')
    expect(lines[0]).toBe(
      'ID,Agency,Amount (AUD),Payment method,Status,Top-up date,Rejection reason,Invoice,Requested at',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`${topup.id},`)
    expect(lines[1]).toContain(',5.00,BANK,REQUESTED,')
  })
})

describe('the ledger stays reconciled', () => {
  it('sum of ledger rows equals the balance after approvals', async () => {
    const { agency, token } = await agencyWithToken()
    for (const amount of [12.34, 56.78, 0.01]) {
      const { topup } = await requestTopUp(token, agency.id, amount)
      expect(
        (await api('POST', `${OSHC}/topUpApprove`, { token: admin, body: { top_up_id: topup.id } })).status,
      ).toBe(200)
    }
    const ledger = await ledgerOf(agency.id)
    const sum = ledger.reduce((s, l) => s + l.transaction_amount, 0)
    expect(sum).toBe(6913)
    expect((await balanceOf(agency.id)).balance).toBe(sum)
    const approved = await getDb()
      .select()
      .from(agencyTopups)
      .where(and(eq(agencyTopups.agency_id, agency.id), eq(agencyTopups.status, 'APPROVED')))
    expect(approved).toHaveLength(3)
  })
})
