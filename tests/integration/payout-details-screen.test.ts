// The agency's "Payout details" screen (issue 22 finding 7): the verified payout account, a change
// awaiting staff verification, the last rejection, and the form that requests a change through
// updateAgencyBank (the API call's use case). Loader and action are called as Remix calls them;
// the page is rendered to HTML with the loader's answer to read what a person sees.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createElement, type ReactNode } from 'react'
import type * as RemixReact from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyBankDetailChanges, agencyBankDetails } from '../../db/schema'
import { agencyUserWith, agencyWithToken, api, staffWith } from '../setup/api'

let shownData: unknown
vi.mock('@remix-run/react', async (importOriginal) => ({
  ...(await importOriginal<typeof RemixReact>()),
  Form: ({ children, method }: { children?: ReactNode; method?: string }) =>
    createElement('form', { method }, children),
  useLoaderData: () => shownData,
  useActionData: () => undefined,
  useNavigation: () => ({ state: 'idle' }),
  useFormAction: () => '/agency/finance/payout-details',
  useLocation: () => ({ pathname: '/agency/finance/payout-details', search: '' }),
  useSearchParams: () => [new URLSearchParams()],
  Outlet: () => null,
  Link: ({ to, children, ...rest }: { to: string; children?: ReactNode; 'aria-current'?: string }) =>
    createElement('a', { href: to, 'aria-current': rest['aria-current'] }, children),
}))

const page = await import('../../app/routes/agency+/finance.payout-details/route')
const layout = await import('../../app/routes/agency+/finance/route')

const ORIGIN = 'http://test.local'
const PATH = '/agency/finance/payout-details'
const VALID_ABN = '51 824 753 556'
const get = (token: string, path = PATH) =>
  new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
const post = (token: string, form: Record<string, string>) =>
  new Request(`${ORIGIN}${PATH}`, {
    method: 'POST',
    headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
    body: new URLSearchParams(form),
  })
const args = (request: Request) => ({ request, params: {}, context: {} })

type Reply = { status?: string; error?: Record<string, string[] | null> }
/** The action's answer: a redirect (Response), or Remix `data(reply, { status })`. */
function answerOf(a: unknown): { status: number; reply?: Reply; location?: string | null } {
  if (a instanceof Response) return { status: a.status, location: a.headers.get('location') }
  const d = a as { data: Reply; init?: { status?: number } }
  return { status: d.init?.status ?? 200, reply: d.data }
}

async function load(token: string) {
  return page.loader(args(get(token)))
}
async function render(token: string) {
  const data = await load(token)
  shownData = data
  return { data, html: renderToString(createElement(page.default)) }
}

const newAccount = {
  bank: 'Westpac',
  bank_account_name: 'Wattle Education Trust',
  account_number: '99990000',
  bsb: '032-001',
  abn: VALID_ABN,
  is_gst_registered: 'on',
}

const bankOf = async (agencyId: number) =>
  (await getDb().select().from(agencyBankDetails).where(eq(agencyBankDetails.agency_id, agencyId)))[0]
const changesOf = (agencyId: number) =>
  getDb().select().from(agencyBankDetailChanges).where(eq(agencyBankDetailChanges.agency_id, agencyId))

let finance: string
beforeAll(async () => {
  finance = await staffWith(['finance'])
})

describe('the agency Payout details screen', () => {
  it('shows the verified account on file, the account number masked to its last digits', async () => {
    const { agency, token } = await agencyWithToken()
    const { data, html } = await render(token)
    expect(data.verified).toMatchObject({
      bank: 'Commonwealth Bank',
      bank_account_name: agency.full_company_name,
      account_number_masked: '•••••678',
      bsb: '062-000',
      is_gst_registered: true,
      abn: null,
    })
    expect(data.pending).toBeNull()
    expect(data.lastRejected).toBeNull()
    // The full number never leaves the server, neither in the data nor in the form's defaults.
    expect(JSON.stringify(data)).not.toContain('12345678')
    expect(data.values.account_number).toBe('')
    expect(html).toContain('Payout account on file')
    expect(html).toContain('062-000')
    expect(html).toContain('•••••678')
    expect(html).not.toContain('12345678')
    // GST without an ABN on file (the factory's row) is said, not hidden.
    expect(html).toContain('registered for GST without an ABN')
    // The agency's main account holds finance: the form is offered.
    expect(data.canRequestChange).toBe(true)
    expect(html).toContain('<form method="post">')
    expect(html).toContain('Send for verification')
    // The tab sits with the other finance tabs, current on this page.
    shownData = {
      balance: {
        balance: 0,
        commission: 0,
        buy_now_pay_later_amount: 0,
        buy_now_pay_later_remaining_amount: 0,
      },
      metrics: {
        payable: { count: 0, amount: 0 },
        pendingApproval: { count: 0 },
        paid: { count: 0, amount: 0 },
      },
    }
    const tabs = renderToString(createElement(layout.default))
    expect(tabs).toContain('href="/agency/finance/payouts"')
    expect(tabs).toContain('<a href="/agency/finance/payout-details" aria-current="page">Payout details</a>')
  })

  it('a change requested through the form waits for staff: pending shown, the account on file unchanged', async () => {
    const { agency } = await agencyWithToken()
    const user = await agencyUserWith(agency.id, ['finance'])
    const before = await bankOf(agency.id)

    const sent = answerOf(await page.action(args(post(user, newAccount))))
    expect(sent.status, JSON.stringify(sent.reply)).toBe(302)
    expect(sent.location).toBe(PATH)

    // What payouts read is untouched.
    expect(await bankOf(agency.id)).toEqual(before)
    const { data, html } = await render(user)
    expect(data.verified).toMatchObject({ account_number_masked: '•••••678', bsb: '062-000' })
    expect(data.pending).toMatchObject({
      details: {
        bank: 'Westpac',
        bank_account_name: 'Wattle Education Trust',
        account_number_masked: '•••••000',
        bsb: '032-001',
        abn: VALID_ABN,
        is_gst_registered: true,
      },
    })
    expect(data.pending!.changed_fields).toEqual(
      expect.arrayContaining(['bank', 'bank_account_name', 'account_number', 'bsb', 'abn']),
    )
    expect(data.pending!.changed_fields).not.toContain('is_gst_registered')
    expect(JSON.stringify(data)).not.toContain('99990000')
    expect(html).toContain('Awaiting verification by OSHC staff since')
    expect(html).toContain('Payouts keep paying the verified account')
    expect(html).toContain('032-001')

    // Staff reject it: the reason is shown, the verified account stays.
    const [change] = await changesOf(agency.id)
    const rejected = await api('POST', `/agencies/agency-management/rejectAgencyBankChange/${change.id}`, {
      token: finance,
      body: { rejection_reason: 'The account name does not match the agency' },
    })
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)
    const after = await render(user)
    expect(after.data.pending).toBeNull()
    expect(after.data.lastRejected).toMatchObject({
      rejection_reason: 'The account name does not match the agency',
    })
    expect(after.html).toContain('The account name does not match the agency')
    expect(await bankOf(agency.id)).toEqual(before)
  })

  it('a user without finance sees who can change it, no form, and the action is refused (403)', async () => {
    const { agency } = await agencyWithToken()
    // purchase opens the finance area, but not a change of payout details.
    const purchaser = await agencyUserWith(agency.id, ['purchase'])
    const { data, html } = await render(purchaser)
    expect(data.verified).not.toBeNull()
    expect(data.canRequestChange).toBe(false)
    expect(html).not.toContain('<form')
    expect(html).toContain('Finance permission')

    const refused = answerOf(await page.action(args(post(purchaser, newAccount))))
    expect(refused.status).toBe(403)
    // quote only: the use case refuses as well.
    const quoteOnly = await agencyUserWith(agency.id, ['quote'])
    expect(answerOf(await page.action(args(post(quoteOnly, newAccount)))).status).toBe(403)
    expect(await changesOf(agency.id)).toEqual([])
  })

  it('answers invalid details on their fields, as the specification spells them; nothing is stored', async () => {
    const { agency, token } = await agencyWithToken()
    const send = async (form: Record<string, string>) => answerOf(await page.action(args(post(token, form))))

    const badBsb = await send({ ...newAccount, bsb: '1'.repeat(257) })
    expect(badBsb.status).toBe(400)
    expect(badBsb.reply?.error?.bsb).toEqual(['must be at most 256 characters'])

    const shortAccount = await send({ ...newAccount, account_number: '9' })
    expect(shortAccount.status).toBe(400)
    expect(shortAccount.reply?.error?.account_number).toEqual(['must be at least 2 characters'])

    const gstWithoutAbn = await send({ ...newAccount, abn: '' })
    expect(gstWithoutAbn.status).toBe(400)
    expect(gstWithoutAbn.reply?.error?.abn).toEqual(['GST registration needs a valid ABN'])

    const badChecksum = await send({ ...newAccount, abn: '51 824 753 557' })
    expect(badChecksum.status).toBe(400)
    expect(badChecksum.reply?.error?.abn).toEqual([
      'This ABN is not valid: it must be 11 digits that pass the ABN checksum',
    ])

    // Not registered for GST: no ABN needed.
    const { is_gst_registered: _gst, ...withoutGst } = newAccount
    expect((await send({ ...withoutGst, abn: '' })).status).toBe(302)
    expect((await changesOf(agency.id)).map((c) => c.status)).toEqual(['PENDING'])
  })

  it('another agency sees only its own details, and its form changes only its own', async () => {
    const a = await agencyWithToken()
    const b = await agencyWithToken()
    const aUser = await agencyUserWith(a.agency.id, ['finance'])
    expect(answerOf(await page.action(args(post(aUser, newAccount)))).status).toBe(302)

    const { data, html } = await render(b.token)
    expect(data.verified?.bank_account_name).toBe(b.agency.full_company_name)
    expect(data.pending).toBeNull()
    expect(html).not.toContain('Westpac')
    expect(html).not.toContain(a.agency.full_company_name!)

    // B posting A's id in the form still requests for B only: the agency comes from the session.
    const sent = await page.action(
      args(post(b.token, { ...newAccount, agency_id: String(a.agency.id), bank: 'Bendigo Bank' })),
    )
    expect(answerOf(sent).status).toBe(302)
    const [aChange] = await changesOf(a.agency.id)
    expect(aChange).toMatchObject({ status: 'PENDING', after: expect.objectContaining({ bank: 'Westpac' }) })
    const [bChange] = await changesOf(b.agency.id)
    expect(bChange).toMatchObject({
      status: 'PENDING',
      after: expect.objectContaining({ bank: 'Bendigo Bank' }),
    })
    expect((await load(a.token)).pending?.details.bank).toBe('Westpac')
  })

  it('staff are refused by the agency page (they have their own screen)', async () => {
    const outcome = await page.loader(args(get(finance))).then(
      () => 'passed',
      (e: unknown) => (e instanceof Response ? e.status : e),
    )
    expect(outcome).toBe(403)
  })
})
