// A paid payout's remittance advice (issue 29): a PDF written as the invoices are (the insurer's
// name and ABN, the payout, its payment date in Sydney, how it was paid, each commission line with
// its policy), downloaded from the staff payout page and the agency's payouts list; another
// agency's is 404. Read back through the PDF's text.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createElement, type ReactNode } from 'react'
import type * as RemixReact from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { getDb } from '../../db/client'
import { commissionPayouts, outboxMails } from '../../db/schema'
import { resetConfig } from '../../domain/shared/config'
import { agencyWithToken, api, login, staffToken, staffWith } from '../setup/api'
import { requestedPayoutByApi, uploadedFile } from '../setup/payouts'
import { startWorker } from '../setup/worker'
import * as staffRemittance from '../../app/routes/staff+/finance_.payouts.$payoutId.remittance'
import * as agencyRemittance from '../../app/routes/agency+/finance_.payouts.$payoutId.remittance'
import * as staffRcti from '../../app/routes/staff+/finance_.payouts.$payoutId.tax-invoice'
import * as agencyRcti from '../../app/routes/agency+/finance_.payouts.$payoutId.tax-invoice'
import { RCTI_AGREEMENT } from '../../domain/finance/payouts/rcti-pdf'

// The pages are rendered to HTML with their loader's answer, to find the download links.
let shownData: unknown
vi.mock('@remix-run/react', async (importOriginal) => ({
  ...(await importOriginal<typeof RemixReact>()),
  Form: ({ children, method }: { children?: ReactNode; method?: string }) =>
    createElement('form', { method }, children),
  useLoaderData: () => shownData,
  useActionData: () => undefined,
  useNavigation: () => ({ state: 'idle' }),
  useFormAction: () => '/',
  useLocation: () => ({ pathname: '/', search: '' }),
  useSearchParams: () => [new URLSearchParams()],
  useSubmit: () => () => {},
  Outlet: () => null,
  Link: ({ to, children }: { to: string; children?: ReactNode }) =>
    createElement('a', { href: to }, children),
}))
const staffPage = await import('../../app/routes/staff+/finance_.payouts.$payoutId/route')
const agencyList = await import('../../app/routes/agency+/finance.payouts')

const OSHC = '/oshc/finance-management'
const INSURER = { INSURER_NAME: 'Harbour Student Health Pty Ltd', INSURER_ABN: '53 004 085 616' }
const AGENCY_ABN = '51 824 753 556'
const saved: Record<string, string | undefined> = {}
let stop: () => Promise<void>
let admin: string

beforeAll(async () => {
  for (const [k, v] of Object.entries(INSURER)) {
    saved[k] = process.env[k]
    process.env[k] = v
  }
  resetConfig()
  stop = await startWorker()
  admin = await staffToken()
})

afterAll(async () => {
  await stop()
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  resetConfig()
})

const ORIGIN = 'http://test.local'
const get = (path: string, token: string) =>
  new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })

async function textOf(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer())
  return (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text
}

/** A payout of two policies, approved by bank transfer, paid at 14:30 UTC on 25 Nov (26 Nov in Sydney). */
async function paidPayout(gstRegistered = false) {
  const { agency, payout } = await requestedPayoutByApi(2, {
    abn: AGENCY_ABN,
    is_gst_registered: gstRegistered,
  })
  const approved = await api('POST', `${OSHC}/approveCommissionPayoutRequest`, {
    token: admin,
    body: {
      commission_payout_request_id: payout.id,
      payment_type: 'BANK',
      bank_document: await uploadedFile(agency.id),
    },
  })
  expect(approved.status, JSON.stringify(approved.body)).toBe(200)
  await getDb()
    .update(commissionPayouts)
    .set({ payment_date: new Date('2026-11-25T14:30:00Z') })
    .where(eq(commissionPayouts.id, payout.id))
  const lines = await api('GET', `${OSHC}/getPayoutCommissionForEachPolicyForAdmin`, {
    token: admin,
    query: { commission_payout_payment_id: String(payout.id) },
  })
  expect(lines.status, JSON.stringify(lines.body)).toBe(200)
  const [row] = await getDb().select().from(commissionPayouts).where(eq(commissionPayouts.id, payout.id))
  const token = await login(agency.email, 'Agency-Passw0rd!')
  return {
    agency,
    payout: row,
    lines: lines.body.data as { policy_ref: string; total_amount: number }[],
    token,
  }
}

const money = (n: number) => `A\\$${n.toLocaleString('en-AU', { minimumFractionDigits: 2 })}`

function expectRemittance(text: string, p: Awaited<ReturnType<typeof paidPayout>>) {
  expect(text).toMatch(/^Remittance advice/)
  expect(text).toContain(INSURER.INSURER_NAME)
  expect(text).toContain(`ABN ${INSURER.INSURER_ABN}`)
  expect(text).toContain(p.agency.full_company_name!)
  expect(text).toContain(`ABN ${AGENCY_ABN}`)
  expect(text).toMatch(new RegExp(`Payout number\\s+${p.payout.id}\\b`))
  // Paid at 14:30 UTC on 25 Nov: the 26th in Sydney.
  expect(text).toMatch(/Payment date\s+26 Nov 2026/)
  expect(text).toMatch(/Payment type\s+Bank transfer/)
  expect(text).toMatch(new RegExp(`Receipt\\s+${p.payout.receipt_id}`))
  expect(p.lines).toHaveLength(2)
  for (const l of p.lines) expect(text).toMatch(new RegExp(`${l.policy_ref}\\s+.*?${money(l.total_amount)}`))
  expect(text).toMatch(new RegExp(`Total \\(including GST\\)\\s+${money(p.payout.total_amount / 100)}`))
}

describe('payout remittance PDF', () => {
  it('downloads from the staff payout page and the agency’s payouts; another agency gets 404', async () => {
    const p = await paidPayout()
    const params = { payoutId: String(p.payout.id) }
    const path = (portal: string) => `/${portal}/finance/payouts/${p.payout.id}/remittance`

    const fromStaff = await staffRemittance.loader({
      request: get(path('staff'), admin),
      params,
      context: {},
    })
    expect(fromStaff.status).toBe(200)
    expect(fromStaff.headers.get('content-type')).toBe('application/pdf')
    expect(fromStaff.headers.get('content-disposition')).toBe(
      `attachment; filename="remittance-${p.payout.id}.pdf"`,
    )
    const staffText = await textOf(fromStaff)
    expectRemittance(staffText, p)

    const fromAgency = await agencyRemittance.loader({
      request: get(path('agency'), p.token),
      params,
      context: {},
    })
    expect(fromAgency.status).toBe(200)
    expect(await textOf(fromAgency)).toBe(staffText)

    const other = await agencyWithToken()
    await expect(
      agencyRemittance.loader({ request: get(path('agency'), other.token), params, context: {} }),
    ).rejects.toMatchObject({ status: 404 })
    // The agency portal's route is the agency's; staff without finance may not read payouts.
    const clerk = await staffWith(['policy_management'])
    await expect(
      staffRemittance.loader({ request: get(path('staff'), clerk), params, context: {} }),
    ).rejects.toMatchObject({ status: 403 })
    await expect(
      staffRemittance.loader({
        request: get('/staff/finance/payouts/2000000000/remittance', admin),
        params: { payoutId: '2000000000' },
        context: {},
      }),
    ).rejects.toMatchObject({ status: 404 })
  })

  it('is refused (409) while the payout is not paid', async () => {
    const { payout } = await requestedPayoutByApi(1)
    const res = staffRemittance.loader({
      request: get(`/staff/finance/payouts/${payout.id}/remittance`, admin),
      params: { payoutId: String(payout.id) },
      context: {},
    })
    await expect(res).rejects.toMatchObject({ status: 409 })
  })

  it('offers "Download remittance (PDF)" on the staff payout page and in the agency’s payouts list', async () => {
    const p = await paidPayout()
    const href = (portal: string) => `/${portal}/finance/payouts/${p.payout.id}/remittance`
    const params = { payoutId: String(p.payout.id) }
    shownData = await staffPage.loader({
      request: get(`/staff/finance/payouts/${p.payout.id}`, admin),
      params,
      context: {},
    })
    expect(renderToString(createElement(staffPage.default))).toMatch(
      new RegExp(`<a href="${href('staff')}" download=""[^>]*>.*?Download remittance \\(PDF\\)</a>`),
    )
    shownData = await agencyList.loader({
      request: get('/agency/finance/payouts', p.token),
      params: {},
      context: {},
    })
    expect(renderToString(createElement(agencyList.default))).toMatch(
      new RegExp(`<a href="${href('agency')}" download=""[^>]*>Remittance \\(PDF\\)</a>`),
    )

    // A payout still waiting has no remittance to offer.
    const waiting = await requestedPayoutByApi(1)
    shownData = await staffPage.loader({
      request: get(`/staff/finance/payouts/${waiting.payout.id}`, admin),
      params: { payoutId: String(waiting.payout.id) },
      context: {},
    })
    expect(renderToString(createElement(staffPage.default))).not.toContain('Download remittance')
  })
})

/** The mail that carried the paid payout's documents, as the outbox keeps it. */
async function paidMail(payoutId: number) {
  const rows = await getDb()
    .select()
    .from(outboxMails)
    .where(eq(outboxMails.subject, `Remittance advice for commission payout #${payoutId}`))
  expect(rows).toHaveLength(1)
  return rows[0].text
}

describe('recipient created tax invoice (RCTI)', () => {
  it('is written for an agency registered for GST and mailed with the remittance advice', async () => {
    const p = await paidPayout(true)
    expect(p.payout.gst_amount).toBeGreaterThan(0)
    const params = { payoutId: String(p.payout.id) }
    const path = (portal: string) => `/${portal}/finance/payouts/${p.payout.id}/tax-invoice`
    const fromStaff = await staffRcti.loader({ request: get(path('staff'), admin), params, context: {} })
    expect(fromStaff.headers.get('content-disposition')).toBe(
      `attachment; filename="rcti-${p.payout.id}.pdf"`,
    )
    const text = await textOf(fromStaff)
    expect(text).toMatch(/^Recipient created tax invoice/)
    expect(text).toMatch(new RegExp(`Supplier\\s+${p.agency.full_company_name}\\s+ABN ${AGENCY_ABN}`))
    expect(text).toMatch(new RegExp(`Recipient\\s+${INSURER.INSURER_NAME}\\s+ABN ${INSURER.INSURER_ABN}`))
    expect(text).toMatch(new RegExp(`Tax invoice number\\s+RCTI-${p.payout.id}\\b`))
    expect(text).toMatch(new RegExp(`GST\\s+${money(p.payout.gst_amount / 100)}`))
    expect(text).toMatch(new RegExp(`Total \\(including GST\\)\\s+${money(p.payout.total_amount / 100)}`))
    for (const statement of RCTI_AGREEMENT) expect(text.replace(/\s+/g, ' ')).toContain(statement)
    const fromAgency = await agencyRcti.loader({ request: get(path('agency'), p.token), params, context: {} })
    expect(await textOf(fromAgency)).toBe(text)
    const other = await agencyWithToken()
    await expect(
      agencyRcti.loader({ request: get(path('agency'), other.token), params, context: {} }),
    ).rejects.toMatchObject({ status: 404 })

    const mail = await paidMail(p.payout.id)
    expect(mail).toContain(`Attached: remittance-${p.payout.id}.pdf`)
    expect(mail).toContain(`Attached: rcti-${p.payout.id}.pdf`)
    shownData = await staffPage.loader({
      request: get(`/staff/finance/payouts/${p.payout.id}`, admin),
      params,
      context: {},
    })
    expect(renderToString(createElement(staffPage.default))).toContain('Download tax invoice (RCTI, PDF)')
  })

  it('is refused (409) for an agency not registered for GST, whose documents mail carries the remittance alone', async () => {
    const p = await paidPayout(false)
    await expect(
      staffRcti.loader({
        request: get(`/staff/finance/payouts/${p.payout.id}/tax-invoice`, admin),
        params: { payoutId: String(p.payout.id) },
        context: {},
      }),
    ).rejects.toMatchObject({ status: 409 })
    const mail = await paidMail(p.payout.id)
    expect(mail).toContain(`Attached: remittance-${p.payout.id}.pdf`)
    expect(mail).not.toContain('rcti-')
  })
})
