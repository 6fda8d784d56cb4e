// The system as users run it (the production build, several web processes) answers refusals as
// refusals: one module graph per web process (ADR 0012), so a DomainError thrown behind the
// Temporal port is the class /api maps to 409, and no row of the endpoint table answers 500.
import path from 'node:path'
import { request as requests } from '@playwright/test'
import { checkBuiltModuleGraph } from '../../scripts/module-graph.mjs'
import { AGENCY, STAFF, expect, query, test } from './helpers'

/** A bearer token, signed in from a context of its own: its session cookie stays there. */
async function apiToken(baseURL: string | undefined, who: { email: string; password: string }) {
  const context = await requests.newContext({ baseURL })
  try {
    const r = await context.post('/api/authentication/login', { data: who })
    expect(r.status()).toBe(200)
    return ((await r.json()) as { data: { token: string } }).data.token
  } finally {
    await context.dispose()
  }
}

test('the web process runs one copy of the app', () => {
  expect(() => checkBuiltModuleGraph(path.resolve('build'))).not.toThrow()
})

test('a refusal by a workflow answers 409 with its reason, also to parallel decisions', async ({
  request,
  baseURL,
}) => {
  const token = await apiToken(baseURL, STAFF)
  // Any amendment that does not wait for a payment approval: approving a payment is refused by
  // the amendment workflow's Update (nothing else checks it first).
  const [amendment] = await query<{ id: number }>(
    `SELECT id FROM amendments
      WHERE NOT (next_step = 'CONFIRM_PREMIUM_BY_AGENCY' AND is_premium_confirmed_by_agency AND status = 'REQUESTED')
      ORDER BY id LIMIT 1`,
  )
  expect(amendment, 'the demo data has an amendment').toBeTruthy()
  const approve = () =>
    request.post(`/api/oshc/finance-management/approveAmmendmentPaymentRequest/${amendment.id}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  const answers = await Promise.all(Array.from({ length: 5 }, approve))
  for (const r of answers) {
    expect(r.status()).toBe(409)
    expect(((await r.json()) as { message: string }).message).toMatch(
      /This amendment (waits for|is already done|is withdrawn)/,
    )
  }
})

type Operation = { 'x-access': Record<string, unknown> }

test('every row of the endpoint table refuses a stranger, an agency and staff without a 500', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(300_000)
  const doc = (await (await request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, Operation>>
  }
  const agency = await apiToken(baseURL, AGENCY)
  const staff = await apiToken(baseURL, STAFF)
  const failures: string[] = []
  let calls = 0
  for (const [template, operations] of Object.entries(doc.paths)) {
    // An id no record has: every row with one must answer 404 (or refuse the caller first).
    const url = template.replace(/\{\w+\}/g, '2147483000')
    const withId = url !== template
    for (const [method, op] of Object.entries(operations)) {
      const isPublic = 'public' in op['x-access']
      const call = async (token?: string) => {
        calls++
        const r = await request.fetch(url, {
          method: method.toUpperCase(),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(method === 'get' ? {} : { data: {} }),
        })
        return r.status()
      }
      const anonymous = await call()
      if (anonymous >= 500) failures.push(`${method} ${template} as a stranger: ${anonymous}`)
      if (!isPublic && anonymous !== 401)
        failures.push(`${method} ${template} as a stranger: ${anonymous}, not 401`)
      // Signed in, only reads and writes to a record that does not exist: nothing changes.
      if (method !== 'get' && !withId) continue
      for (const [who, token] of [
        ['an agency', agency],
        ['staff', staff],
      ] as const) {
        const status = await call(token)
        if (status >= 500) failures.push(`${method} ${template} as ${who}: ${status}`)
        if (withId && status < 400 && method !== 'get')
          failures.push(`${method} ${template} as ${who} with an unknown id: ${status}`)
      }
    }
  }
  expect(failures, `${calls} calls`).toEqual([])
  expect(calls).toBeGreaterThan(400)
})

test("a widget token reads no other buyer's policy and opens no portal page", async ({
  request,
  baseURL,
}) => {
  const agency = await apiToken(baseURL, AGENCY)
  const [{ agency_id: agencyId }] = await query<{ agency_id: number }>(
    `SELECT id AS agency_id FROM agencies WHERE email = $1`,
    [AGENCY.email],
  )
  const created = await request.post(`/api/wordpress/agencyAddPublicClient/${agencyId}`, {
    headers: { authorization: `Bearer ${agency}` },
    data: { name: 'Production check', type: 'IN_APP', whitelist_url: ['https://shop.example.com'] },
  })
  expect(created.status()).toBe(201)
  const client = ((await created.json()) as { data: { client_id: string; client_secret: string } }).data
  try {
    const issued = await request.post('/api/wordpress/validateClientOAuth', {
      headers: { 'x-client-id': client.client_id, 'x-client-secret': client.client_secret },
    })
    expect(issued.status()).toBe(200)
    const token = ((await issued.json()) as { data: { token: string } }).data.token
    const widget = { 'x-client-id': client.client_id, 'x-access-token': token }

    // A policy of the same agency, bought in its portal: without its purchase secret, a 404.
    const [policy] = await query<{ id: number }>(`SELECT id FROM policies WHERE agency_id = $1 LIMIT 1`, [
      agencyId,
    ])
    for (const proof of [{}, { 'x-purchase-secret': 'guessed' }] as Record<string, string>[]) {
      const r = await request.get(`/api/wordpress/getPublicPoliciesDetailById/${policy.id}`, {
        headers: { ...widget, ...proof },
      })
      expect(r.status()).toBe(404)
    }

    // Pages see a widget caller as signed out: sent to sign in, never a 500, no event stream.
    for (const page of ['/agency', '/agency/policies', '/staff', '/notifications/stream']) {
      const r = await request.get(page, { headers: widget, maxRedirects: 0 })
      expect(r.status(), page).toBeLessThan(500)
      expect(r.headers()['content-type'] ?? '', page).not.toContain('text/event-stream')
    }
  } finally {
    // The demo agency's widget page belongs to the widget journey: this client leaves with the test.
    await query(`DELETE FROM public_clients WHERE client_id = $1`, [client.client_id])
  }
})
