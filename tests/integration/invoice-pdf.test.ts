import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createElement, type ReactNode } from 'react'
import type * as RemixReact from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { handleApiRequest } from '../../api/router.server'
import { getDb } from '../../db/client'
import { agencyBankDetails } from '../../db/schema'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { AGENCY_PARTY, createInvoice, PRODUCT_PARTY } from '../../domain/finance/invoices/invoices'
import { insurerDetails, writeInvoicePdf } from '../../domain/finance/invoices/invoice-pdf'
import { getInvoice } from '../../domain/finance/invoices/get-invoice'
import { config, resetConfig } from '../../domain/shared/config'
import { agencyWithToken, api, staffWith } from '../setup/api'
import { staffActor } from '../setup/payouts'
import * as staffPdf from '../../app/routes/staff+/finance_.invoices.$invoiceId.pdf'
import * as agencyPdf from '../../app/routes/agency+/finance_.invoices.$invoiceId.pdf'

// The invoice pages are rendered to HTML with their loader's answer, to find the download link.
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
  Outlet: () => null,
  Link: ({ to, children }: { to: string; children?: ReactNode }) =>
    createElement('a', { href: to }, children),
}))
const staffPage = await import('../../app/routes/staff+/finance_.invoices.$invoiceId/route')
const agencyPage = await import('../../app/routes/agency+/finance_.invoices.$invoiceId/route')

const INV = '/payment-system/invoice'
const INSURER = { INSURER_NAME: 'Harbour Student Health Pty Ltd', INSURER_ABN: '53 004 085 616' }
const AGENCY_ABN = '51 824 753 556'
const saved: Record<string, string | undefined> = {}
let clerk: string

beforeAll(async () => {
  for (const [k, v] of Object.entries(INSURER)) {
    saved[k] = process.env[k]
    process.env[k] = v
  }
  resetConfig()
  clerk = await staffWith(['finance'])
})

afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  resetConfig()
})

/** An agency with an ABN and an open invoice to it of two GST lines, part paid from its balance. */
async function agencyWithTaxInvoice() {
  const { agency, token } = await agencyWithToken()
  await getDb()
    .update(agencyBankDetails)
    .set({ abn: AGENCY_ABN })
    .where(eq(agencyBankDetails.agency_id, agency.id))
  const { invoice } = await createInvoice(getDb(), {
    agencyId: agency.id,
    type: 'PREMIUM',
    from: PRODUCT_PARTY,
    to: AGENCY_PARTY,
    dueDate: '2026-12-18',
    items: [
      line('Premium of the cover for Mina Park', 123_456, 11_223),
      line('Premium of the cover for Tom Reyes', 55_000, 5_000),
    ],
  })
  await postBalanceEntry(getDb(), {
    agencyId: agency.id,
    type: 'AGENCY_TOPUP',
    amount: 50_000,
    actor: 'test',
  })
  const paid = await api('POST', '/payment-system/invoice-payment/createInvoicePayment', {
    token,
    body: { invoice_id: invoice.id, total_amount: 100, payment_method: 'AGENCY_BALANCE' },
  })
  expect(paid.status, JSON.stringify(paid.body)).toBe(201)
  return { agency, token, invoice }
}

const line = (description: string, total: number, tax: number) => ({
  line_item_type: 'PREMIUM' as const,
  description,
  total_amount: total,
  tax_amount: tax,
  tax_rate: '10.00',
  payer: AGENCY_PARTY,
  receiver: PRODUCT_PARTY,
})

/** The API's answer with its bytes (the shared helper reads non-JSON bodies as text). */
async function apiPdf(path: string, token: string) {
  const res = await handleApiRequest(
    new Request(`http://test.local/api${path}`, { headers: { authorization: `Bearer ${token}` } }),
    { clientIp: '127.0.0.1' },
  )
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
}

const ORIGIN = 'http://test.local'
const page = (path: string, token: string) =>
  new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })

async function textOf(bytes: Uint8Array) {
  return (await pdfOf(bytes)).text
}

async function pdfOf(bytes: Uint8Array) {
  const { text, totalPages } = await extractText(await getDocumentProxy(bytes), { mergePages: true })
  return { text, totalPages }
}

/** Every figure the tax invoice must show, read back from the PDF's text. */
function expectTaxInvoice(text: string, invoiceId: number, agencyName: string) {
  expect(text).toContain('Tax invoice')
  expect(text).toContain(INSURER.INSURER_NAME)
  expect(text).toContain(`ABN ${INSURER.INSURER_ABN}`)
  expect(text).toContain(agencyName)
  expect(text).toContain(`ABN ${AGENCY_ABN}`)
  expect(text).toMatch(new RegExp(`Invoice number\\s+${invoiceId}\\b`))
  expect(text).toMatch(/Due date\s+18 Dec 2026/)
  // Each line: description, amount before GST, GST, amount.
  expect(text).toMatch(/Premium of the cover for Mina Park\s+A\$1,122\.33\s+A\$112\.23\s+A\$1,234\.56/)
  expect(text).toMatch(/Premium of the cover for Tom Reyes\s+A\$500\.00\s+A\$50\.00\s+A\$550\.00/)
  expect(text).toMatch(/GST total\s+A\$162\.23/)
  expect(text).toMatch(/Total due \(including GST\)\s+A\$1,784\.56/)
  expect(text).toMatch(/Amount paid\s+A\$100\.00/)
  expect(text).toMatch(/Amount owing\s+A\$1,684\.56/)
}

describe('invoice PDF', () => {
  it('is a GST tax invoice through the API, for the agency and for staff finance; another agency gets 404', async () => {
    const { agency, token, invoice } = await agencyWithTaxInvoice()
    const mine = await apiPdf(`${INV}/getInvoicePdf/${invoice.id}`, token)
    expect(mine.res.status).toBe(200)
    expect(mine.res.headers.get('content-type')).toBe('application/pdf')
    expect(mine.res.headers.get('content-disposition')).toBe(
      `attachment; filename="tax-invoice-${invoice.id}.pdf"`,
    )
    const text = await textOf(mine.bytes)
    expectTaxInvoice(text, invoice.id, agency.full_company_name!)
    expect(text).toMatch(/Invoice date\s+\d{1,2} [A-Z][a-z]{2} \d{4}/)
    expect(text).not.toContain('Demo system')

    const staff = await apiPdf(`${INV}/getInvoicePdf/${invoice.id}`, clerk)
    expect(staff.res.status).toBe(200)
    expectTaxInvoice(await textOf(staff.bytes), invoice.id, agency.full_company_name!)

    const other = await agencyWithToken()
    const foreign = await api('GET', `${INV}/getInvoicePdf/${invoice.id}`, { token: other.token })
    expect(foreign.status).toBe(404)
    const missing = await api('GET', `${INV}/getInvoicePdf/99999999`, { token: clerk })
    expect(missing.status).toBe(404)
  })

  it('downloads from both portals’ invoice pages; another agency’s page route is 404', async () => {
    const { agency, token, invoice } = await agencyWithTaxInvoice()
    const path = (portal: string) => `/${portal}/finance/invoices/${invoice.id}/pdf`
    const params = { invoiceId: String(invoice.id) }
    const fromAgency = await agencyPdf.loader({ request: page(path('agency'), token), params, context: {} })
    expect(fromAgency.status).toBe(200)
    expect(fromAgency.headers.get('content-type')).toBe('application/pdf')
    expectTaxInvoice(
      await textOf(new Uint8Array(await fromAgency.arrayBuffer())),
      invoice.id,
      agency.full_company_name!,
    )
    const fromStaff = await staffPdf.loader({ request: page(path('staff'), clerk), params, context: {} })
    expect(fromStaff.status).toBe(200)
    expectTaxInvoice(
      await textOf(new Uint8Array(await fromStaff.arrayBuffer())),
      invoice.id,
      agency.full_company_name!,
    )

    const other = await agencyWithToken()
    const foreign = agencyPdf.loader({ request: page(path('agency'), other.token), params, context: {} })
    await expect(foreign).rejects.toMatchObject({ status: 404 })
  })

  it('offers "Download PDF" on both portals’ invoice pages', async () => {
    const { token, invoice } = await agencyWithTaxInvoice()
    const params = { invoiceId: String(invoice.id) }
    for (const [portal, mod, who] of [
      ['staff', staffPage, clerk],
      ['agency', agencyPage, token],
    ] as const) {
      const path = `/${portal}/finance/invoices/${invoice.id}`
      shownData = await mod.loader({ request: page(path, who), params, context: {} })
      const html = renderToString(createElement(mod.default))
      expect(html).toMatch(new RegExp(`<a href="${path}/pdf" download=""[^>]*>.*?Download PDF</a>`))
    }
  })

  it('titles an invoice the agency sends the insurer a plain "Invoice"', async () => {
    const { agency, token } = await agencyWithToken()
    const { invoice } = await createInvoice(getDb(), {
      agencyId: agency.id,
      type: 'COMMISSION',
      from: AGENCY_PARTY,
      to: PRODUCT_PARTY,
      items: [{ ...line('Commission on a policy', 20_000, 0), payer: PRODUCT_PARTY, receiver: AGENCY_PARTY }],
    })
    const { res, bytes } = await apiPdf(`${INV}/getInvoicePdf/${invoice.id}`, token)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${invoice.id}.pdf"`)
    const text = await textOf(bytes)
    expect(text).not.toContain('Tax invoice')
    expect(text).toMatch(/^Invoice\b/)
    expect(text).toMatch(/Commission on a policy\s+A\$200\.00\s+A\$0\.00\s+A\$200\.00/)
  })

  it('prints what the standard fonts cannot as "?", flags demo details, and runs onto more pages', async () => {
    const { invoice } = await agencyWithTaxInvoice()
    const read = await getInvoice({ actor: await staffActor(), invoiceId: invoice.id })
    const many = Array.from({ length: 70 }, (_, i) => ({
      ...read.line_items[0],
      description: `Line ${i + 1}`,
    }))
    const bytes = await writeInvoicePdf({
      invoice: { ...read, agency: { ...read.agency, name: '学生 Agency Pty Ltd' }, line_items: many },
      agencyAbn: null,
      insurer: { name: 'Demo OSHC Insurer Pty Ltd', abn: '00 000 000 000', is_demo: true },
    })
    const { text, totalPages } = await pdfOf(bytes)
    expect(text).toContain('?? Agency Pty Ltd')
    expect(text).toContain('ABN not recorded')
    expect(text).toContain('Demo system: demo insurer details, not a real tax invoice')
    expect(totalPages).toBeGreaterThan(1)
    expect(text).toMatch(/Line 70\s+A\$1,122\.33/)
  })

  it('flags demo insurer details, and refuses a production system without them (409)', () => {
    const c = config()
    const bare = { ...c, INSURER_NAME: undefined, INSURER_ABN: undefined }
    expect(insurerDetails({ ...bare, demo: true })).toMatchObject({ is_demo: true })
    expect(() => insurerDetails({ ...bare, demo: false })).toThrow(/set INSURER_NAME, INSURER_ABN/)
    expect(() => insurerDetails({ ...bare, INSURER_NAME: 'X Pty Ltd', demo: false })).toThrow(
      /set INSURER_ABN\b/,
    )
    expect(insurerDetails(c)).toEqual({
      name: INSURER.INSURER_NAME,
      abn: INSURER.INSURER_ABN,
      is_demo: false,
    })
  })
})
