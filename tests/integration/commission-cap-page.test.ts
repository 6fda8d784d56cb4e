// The commission cap page (/staff/finance/commission-cap; issue 25, ADR 0020), its loader and
// action as Remix calls them: finance see the caps in force and the agencies above them; a
// proposal made through the form is confirmed by another person, never by the proposer.
import { beforeAll, describe, expect, it } from 'vitest'
import { agencyWithToken, staffToken, staffWith } from '../setup/api'
import { setCapBy } from '../setup/commission-caps'
import * as capPage from '../../app/routes/staff+/finance.commission-cap/route'

let maker: string
let checker: string

beforeAll(async () => {
  maker = await staffToken()
  checker = await staffWith(['finance'])
  await setCapBy({ maker, checker }, 'OSHC', 12, '2026-07-01')
  // A new agency is configured at 12.50% with Bupa (the factory's rate): above the cap.
  await agencyWithToken()
})

describe('the commission cap page (/staff/finance/commission-cap)', () => {
  const ORIGIN = 'http://test.local'
  const PAGE = '/staff/finance/commission-cap'
  const args = (request: Request) => ({ request, params: {}, context: {} })
  const get = (token: string) =>
    new Request(`${ORIGIN}${PAGE}`, { headers: { cookie: `oshc_session=${token}` } })
  const post = (form: Record<string, string>, token: string) =>
    new Request(`${ORIGIN}${PAGE}`, {
      method: 'POST',
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
      body: new URLSearchParams(form),
    })
  /** A refused form's reply (Remix data() holding Conform's reply), or a redirect's status. */
  async function reply(run: () => Promise<unknown>) {
    const r = (await run()) as any
    if (r instanceof Response) return { status: r.status, error: {} as Record<string, string[]> }
    return { status: r.init?.status ?? 200, error: (r.data.error ?? {}) as Record<string, string[]> }
  }

  it('shows the caps and the agencies above them to finance, refuses others', async () => {
    const page = await capPage.loader(args(get(checker)))
    expect(page.lines.find((l) => l.product_line === 'OSHC')!.in_force).toEqual({
      rate: '12.00',
      effective_from: '2026-07-01',
    })
    expect(page.above.some((r) => r.product_line === 'OSHC' && r.difference === '0.50')).toBe(true)
    const outsider = await staffWith(['agency_management'])
    await expect(capPage.loader(args(get(outsider)))).rejects.toMatchObject({ status: 403 })
  })

  it('proposes through the form; the proposer cannot confirm, another person can', async () => {
    const bad = await reply(() =>
      capPage.action(
        args(
          post(
            { intent: 'propose', product_line: 'OSHC', max_rate: '0', effective_from: '2027-07-01' },
            maker,
          ),
        ),
      ),
    )
    expect(bad.status).toBe(400)
    expect(bad.error.max_rate).toEqual(['Maximum rate must be more than 0%'])
    const made = await reply(() =>
      capPage.action(
        args(
          post(
            { intent: 'propose', product_line: 'OSHC', max_rate: '10', effective_from: '2027-07-01' },
            maker,
          ),
        ),
      ),
    )
    expect(made.status).toBe(302)
    const proposal = (await capPage.loader(args(get(maker)))).lines[0]!.proposal!
    expect(proposal).toMatchObject({ summary: 'At most 10.00% from 1 Jul 2027', can_confirm: false })
    const self = await reply(() =>
      capPage.action(args(post({ intent: 'confirm', id: String(proposal.id) }, maker))),
    )
    expect(self.status).toBe(403)
    const done = await reply(() =>
      capPage.action(args(post({ intent: 'confirm', id: String(proposal.id) }, checker))),
    )
    expect(done.status).toBe(302)
    const after = (await capPage.loader(args(get(checker)))).lines[0]!
    // 12% in force today; 10% from 1 July 2027 is what a rate set now must keep.
    expect(after.in_force?.rate).toBe('12.00')
    expect(after.for_configuration).toEqual({ rate: '10.00', effective_from: '2027-07-01' })
  })
})
