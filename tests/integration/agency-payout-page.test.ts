// The agency's payout page (issue 29, records linked to each other): /agency/finance/payouts/<id>
// shows one of the agency's own payouts with its commission lines linking the agency's policy
// pages and the invoice it bills linking the agency's invoice page; the payouts list links it.
// Another agency's payout, or one that does not exist, is a 404; a staff session cannot use it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createElement, type ReactNode } from 'react'
import type * as RemixReact from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { commissionPayoutItems } from '../../db/schema'
import { agencyWithToken, login, staffToken } from '../setup/api'
import { requestedPayoutByApi } from '../setup/payouts'
import { startWorker } from '../setup/worker'

let shownData: unknown
vi.mock('@remix-run/react', async (importOriginal) => ({
  ...(await importOriginal<typeof RemixReact>()),
  useLoaderData: () => shownData,
  useLocation: () => ({ pathname: '/', search: '' }),
  useSearchParams: () => [new URLSearchParams()],
  useNavigation: () => ({ state: 'idle' }),
  Form: ({ children }: { children?: ReactNode }) => createElement('form', null, children),
  Link: ({ to, children, ...rest }: { to: string; children?: ReactNode; 'aria-label'?: string }) =>
    createElement('a', { href: to, 'aria-label': rest['aria-label'] }, children),
}))
const agencyPage = await import('../../app/routes/agency+/finance_.payouts.$payoutId/route')
const agencyList = await import('../../app/routes/agency+/finance.payouts')

const ORIGIN = 'http://test.local'
const get = (path: string, token: string) =>
  new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })

let stop: () => Promise<void>
beforeAll(async () => {
  stop = await startWorker()
})
afterAll(async () => {
  await stop()
})

const pageOf = (payoutId: number | string, token: string) =>
  agencyPage.loader({
    request: get(`/agency/finance/payouts/${payoutId}`, token),
    params: { payoutId: String(payoutId) },
    context: {},
  })

describe('the agency payout page', () => {
  it('shows the agency its payout, linking its lines’ policies and its invoice on the agency portal', async () => {
    const { agency, payout } = await requestedPayoutByApi(2)
    const token = await login(agency.email, 'Agency-Passw0rd!')
    const lines = await getDb()
      .select({ policy_id: commissionPayoutItems.policy_id })
      .from(commissionPayoutItems)
      .where(eq(commissionPayoutItems.payout_id, payout.id))
    expect(lines).toHaveLength(2)

    const data = await pageOf(payout.id, token)
    expect(data.payout).toMatchObject({
      id: payout.id,
      status: 'REQUESTED',
      external_invoice_id: payout.external_invoice_id,
      // Dollars, as presentPayout gives them (the row holds cents).
      total_amount: payout.total_amount / 100,
    })
    expect(data.payout.lines.map((l) => l.policy_id).sort()).toEqual(lines.map((l) => l.policy_id).sort())
    // The request raised the commission invoice the payout bills.
    expect(payout.invoice_id).not.toBeNull()
    expect(data.payout.invoice?.id).toBe(payout.invoice_id)

    shownData = data
    const html = renderToString(createElement(agencyPage.default))
    expect(html).toContain(`Commission payout #${payout.id}`)
    for (const l of data.payout.lines) {
      expect(html).toContain(`href="/agency/policies/${l.policy_id}"`)
      expect(html).toContain(l.policy_ref)
    }
    expect(html).toContain(`href="/agency/finance/invoices/${payout.invoice_id}"`)
    // Never a staff page for the agency, and no remittance before it is paid.
    expect(html).not.toContain('href="/staff/')
    expect(html).not.toContain('/remittance')

    // The payouts list links the payout to this page.
    shownData = await agencyList.loader({
      request: get('/agency/finance/payouts', token),
      params: {},
      context: {},
    })
    expect(renderToString(createElement(agencyList.default))).toContain(
      `href="/agency/finance/payouts/${payout.id}"`,
    )
  })

  it('is a 404 for another agency’s payout and for a missing one; staff sessions are refused', async () => {
    const { payout } = await requestedPayoutByApi(1)
    const other = await agencyWithToken()
    await expect(pageOf(payout.id, other.token)).rejects.toMatchObject({ status: 404 })
    await expect(pageOf(2_000_000_000, other.token)).rejects.toMatchObject({ status: 404 })
    await expect(pageOf('abc', other.token)).rejects.toMatchObject({ status: 404 })
    const staff = await staffToken()
    const refused = await pageOf(payout.id, staff).then(
      () => null,
      (r: unknown) => r,
    )
    expect(refused).toBeInstanceOf(Response)
    expect((refused as Response).status).not.toBe(200)
    expect((refused as Response).status).toBeLessThan(500)
  })
})
