import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { agencyUserWith, agencyWithToken, api, staffWith } from '../setup/api'
import { authenticateRequest } from '../../api/auth.server'
import { resetPublicRateLimits } from '../../api/public-client.server'
import { getActor, requireAccess } from '../../app/utils/session.server'
import { findOshcUsers } from '../../domain/users/find-oshc-users'
import * as staffUsersPage from '../../app/routes/staff+/users._index'
import * as agencyNewUserPage from '../../app/routes/agency+/users.new'
import * as offersPage from '../../app/routes/staff+/pricing.offers._index'
import * as wizardPage from '../../app/routes/agency+/policies.$policyId.edit/route'
import { initiatePolicy } from '../../domain/policies/initiate-policy'
import { getPolicyDetails } from '../../domain/policies/get-policy-details'

const ORIGIN = 'http://test.local'
const get = (path: string, token?: string) =>
  new Request(`${ORIGIN}${path}`, { headers: token ? { cookie: `oshc_session=${token}` } : {} })
const post = (path: string, form: Record<string, string>, token: string) =>
  new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
    body: new URLSearchParams(form),
  })
const args = (request: Request) => ({ request, params: {}, context: {} })

/** What a guard threw (a Response: 403 or a redirect), or 'passed'. */
async function outcome(run: () => Promise<unknown>) {
  try {
    await run()
    return 'passed'
  } catch (err) {
    if (!(err instanceof Response)) throw err
    return err.status === 403 ? 403 : `${err.status} ${err.headers.get('location')}`
  }
}

describe('route guards read their access from the use case (requireAccess)', () => {
  it('a staff page refuses the wrong actor: another permission, an agency, the signed-out', async () => {
    const load = (token?: string) => () => staffUsersPage.loader(args(get('/staff/users', token)))
    expect(await outcome(load(await staffWith(['user_management'])))).toBe('passed')
    expect(await outcome(load(await staffWith(['finance'])))).toBe(403)
    expect(await outcome(load((await agencyWithToken()).token))).toBe(403)
    expect(await outcome(load())).toBe('302 /login?redirectTo=%2Fstaff%2Fusers')
  })

  it('the offers page takes finance from its use cases, for the list and for creating', async () => {
    const finance = await staffWith(['finance'])
    const other = await staffWith(['policy_management'])
    const list = (t: string) => () => offersPage.loader(args(get('/staff/pricing/offers', t)))
    const create = (t: string) => () => offersPage.action(args(post('/staff/pricing/offers', {}, t)))
    expect(await outcome(list(finance))).toBe('passed')
    expect(await outcome(list(other))).toBe(403)
    expect(await outcome(create(other))).toBe(403)
    // With finance the (empty) form reaches validation: a reply, not a refusal.
    expect(await outcome(create(finance))).toBe('passed')
  })

  it('an agency action refuses staff and agency users without the permission, before anything runs', async () => {
    const { agency, token } = await agencyWithToken()
    const form = { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.test', role_id: '1' }
    const act = (t: string) => () => agencyNewUserPage.action(args(post('/agency/users/new', form, t)))
    // createAgencyUser is agency-only: even staff holding every user permission are refused.
    expect(await outcome(act(await staffWith(['user_management'])))).toBe(403)
    expect(await outcome(act(await agencyUserWith(agency.id, ['quote'])))).toBe(403)
    // The agency itself passes the guard (the form then answers for itself).
    expect(await outcome(act(token))).not.toBe(403)
  })

  it('keeps the agency guard redirect: an agency whose portal is not active goes to its step', async () => {
    const { token } = await agencyWithToken('AGREEMENT_SENT')
    const r = await outcome(() =>
      requireAccess(get('/agency/users/new', token), { agency: ['user_management'] }),
    )
    expect(r).toMatch(/^302 \/onboarding/)
  })

  it('access open to both sides checks each side with its own permissions', async () => {
    const both = { staff: ['finance'], agency: ['quote'] } as const
    const check = (token: string) => () => requireAccess(get('/somewhere', token), both)
    expect(await outcome(check(await staffWith(['finance'])))).toBe('passed')
    expect(await outcome(check(await staffWith(['quote'])))).toBe(403)
    const { agency, token } = await agencyWithToken()
    expect(await outcome(check(token))).toBe('passed')
    expect(await outcome(check(await agencyUserWith(agency.id, ['finance'])))).toBe(403)
    // The page's use case and the guard agree: the staff list is staff-only.
    expect(await outcome(() => requireAccess(get('/staff/users', token), findOshcUsers.access))).toBe(403)
  })

  it('a page in one portal takes that side of a use case open to both, and refuses the other side', async () => {
    const { agency, token } = await agencyWithToken()
    const agencySide = (t: string) => () =>
      requireAccess(get('/agency/policies/1/edit', t), initiatePolicy.access, 'agency')
    // initiatePolicy: staff with policy_management, agencies with quote.
    expect(await outcome(agencySide(token))).toBe('passed')
    expect(await outcome(agencySide(await agencyUserWith(agency.id, ['quote'])))).toBe('passed')
    expect(await outcome(agencySide(await agencyUserWith(agency.id, ['finance'])))).toBe(403)
    expect(await outcome(agencySide(await staffWith(['policy_management'])))).toBe(403)
    const staffSide = (t: string) => () =>
      requireAccess(get('/staff/policies/1', t), getPolicyDetails.access, 'staff')
    expect(await outcome(staffSide(await staffWith(['finance'])))).toBe('passed')
    expect(await outcome(staffSide(await staffWith(['user_management'])))).toBe(403)
    expect(await outcome(staffSide(token))).toBe(403)
    // The wizard's loader and action use it: a finance-only agency user is refused before anything runs.
    const finance = await agencyUserWith(agency.id, ['finance'])
    const wizard = await outcome(() =>
      wizardPage.loader({
        request: get('/agency/policies/1/edit', finance),
        params: { policyId: '1' },
        context: {},
      }),
    )
    expect(wizard).toBe(403)
  })
})

describe('a widget token is not a portal session', () => {
  /** A valid public client's token, as any visitor of the client's allow-listed page can get one. */
  async function widgetHeaders() {
    await resetPublicRateLimits()
    const { agency, token } = await agencyWithToken()
    const add = await api('POST', `/wordpress/agencyAddPublicClient/${agency.id}`, {
      token,
      body: { name: 'Main website', type: 'IFRAME', whitelist_url: ['https://shop.example.com'] },
    })
    expect(add.status).toBe(201)
    const clientId = add.body.data.client_id as string
    const issued = await api('POST', '/wordpress/validateClientOAuth', {
      headers: {
        'x-client-id': clientId,
        'x-from-iframe': 'true',
        'x-parent-origin': 'https://shop.example.com',
      },
    })
    expect(issued.status).toBe(200)
    return { 'x-client-id': clientId, 'x-access-token': issued.body.data.token as string }
  }

  /** Every page of the portals (and their notification stream), with its path params filled in. */
  const routesDir = path.resolve(__dirname, '../../app/routes')
  /**
   * Every route file (ADR 0015) with its flat name: a folder ending in + adds its name
   * (staff+/inbox.tsx is staff.inbox.tsx, staff+/_layout.tsx is staff.tsx) unless it is a pathless
   * group (_auth+), and a route folder's route.tsx is named after the folder.
   */
  const routeFiles = (dir: string, prefix: string): { flat: string; file: string }[] =>
    readdirSync(path.join(routesDir, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = dir ? `${dir}/${e.name}` : e.name
      if (e.isDirectory() && e.name.endsWith('+'))
        return routeFiles(rel, e.name.startsWith('_') ? prefix : `${prefix}${e.name.slice(0, -1)}.`)
      if (e.isDirectory()) {
        const route = readdirSync(path.join(routesDir, rel)).find((f) => /^route\.tsx?$/.test(f))
        return route ? [{ flat: `${prefix}${e.name}${route.slice(5)}`, file: `${rel}/${route}` }] : []
      }
      const flat = e.name.startsWith('_layout.')
        ? `${prefix.slice(0, -1)}${e.name.slice(7)}`
        : prefix + e.name
      return [{ flat, file: rel }]
    })
  const portalPages = routeFiles('', '')
    .filter(({ flat }) => /^(agency|staff|onboarding|notifications|change-password)[._]/.test(flat))
    .filter(({ flat }) => /\.tsx?$/.test(flat))
    .map(({ flat: f, file: source }) => {
      const segments = f.replace(/\.tsx?$/, '').split('.')
      const params: Record<string, string> = {}
      const url = segments
        .filter((seg) => seg !== '_index')
        .map((seg) => seg.replace(/_$/, ''))
        .map((seg) => {
          if (seg === '$') return (params['*'] = 'x')
          if (seg.startsWith('$')) return (params[seg.slice(1)] = '1')
          return seg
        })
        .join('/')
      return { file: f, source, url: `/${url}`, params }
    })

  /** What a loader or action did: a thrown or returned Response's status (and where it leads), or a crash. */
  async function outcomeOf(run: () => Promise<unknown>) {
    try {
      const r = await run()
      if (r instanceof Response)
        return `${r.status} ${r.headers.get('location') ?? r.headers.get('content-type') ?? ''}`
      return 'passed'
    } catch (err) {
      if (err instanceof Response) return `${err.status} ${err.headers.get('location') ?? ''}`
      return `crashed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`
    }
  }

  const refused = (outcome: string) =>
    /^30[23] \/login\?redirectTo=/.test(outcome) || /^40[13] /.test(outcome)
  /** Pages that are no portal page: what the signed-out public gets there, the widget gets too. */
  const NOT_PORTAL: Record<string, string> = {
    // The e-mail verification link is for the signed-out; without its token it is a 404.
    'onboarding.verify.tsx': '404 ',
    // Only a redirect to the staff inbox, whose own guard refuses.
    'staff._index.tsx': '302 /staff/inbox',
  }
  const expected = (file: string, outcome: string) =>
    file in NOT_PORTAL ? outcome === NOT_PORTAL[file] : refused(outcome)

  it('pages see the public: every portal loader and action sends it to sign in (never a 500)', async () => {
    const headers = await widgetHeaders()
    const probe = new Request(`${ORIGIN}/agency`, { headers })
    // The headers are a live widget caller for the API...
    expect((await authenticateRequest(probe)).actor.kind).toBe('widget')
    // ...and nobody on a page.
    expect((await getActor(new Request(`${ORIGIN}/agency`, { headers }))).actor).toEqual({ kind: 'public' })

    expect(portalPages.length).toBeGreaterThan(38)
    const wrong: string[] = []
    let checked = 0
    for (const page of portalPages) {
      const mod = (await import(path.join(routesDir, page.source))) as {
        loader?: (a: unknown) => Promise<unknown>
        action?: (a: unknown) => Promise<unknown>
      }
      if (mod.loader) {
        checked++
        const request = new Request(`${ORIGIN}${page.url}`, { headers })
        const o = await outcomeOf(() => mod.loader!({ request, params: page.params, context: {} }))
        if (!expected(page.file, o)) wrong.push(`GET ${page.url} (${page.file}): ${o}`)
      }
      if (mod.action) {
        checked++
        const request = new Request(`${ORIGIN}${page.url}`, {
          method: 'POST',
          headers: { ...headers, origin: ORIGIN },
          body: new URLSearchParams({ intent: 'x' }),
        })
        const o = await outcomeOf(() => mod.action!({ request, params: page.params, context: {} }))
        if (!expected(page.file, o)) wrong.push(`POST ${page.url} (${page.file}): ${o}`)
      }
    }
    expect(checked).toBeGreaterThan(38)
    expect(wrong).toEqual([])
  })

  it('does not open the notification stream', async () => {
    const headers = await widgetHeaders()
    const stream = await import('../../app/routes/notifications+/stream')
    const request = new Request(`${ORIGIN}/notifications/stream`, { headers })
    const o = await outcomeOf(() => stream.loader({ request, params: {}, context: {} }))
    expect(o).toBe('302 /login?redirectTo=%2Fnotifications%2Fstream')
  })
})
