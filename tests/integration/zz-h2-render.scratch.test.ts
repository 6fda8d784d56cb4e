import { afterAll, beforeAll, expect, it } from 'vitest'
import { readFileSync, readdirSync } from 'node:fs'
import { createRequestHandler } from '@remix-run/node'
import { chromium, type Browser } from 'playwright'
import AxeBuilder from '@axe-core/playwright'
import { getDb } from '../../db/client'
import { createPolicy } from '../../db/seed/factories'
import { agencyWithToken, staffToken } from '../setup/api'

let browser: Browser
let handler: (r: Request) => Promise<Response>
const css = readFileSync(
  `/tmp/h2build/client/assets/${readdirSync('/tmp/h2build/client/assets').find((f) => f.startsWith('tailwind') && f.endsWith('.css'))}`,
  'utf8',
)

beforeAll(async () => {
  // @ts-expect-error built file
  const build = await import('/tmp/h2build/server/index.js')
  handler = createRequestHandler(build, 'production') as never
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
})
afterAll(async () => browser?.close())

async function render(path: string, token: string, form?: Record<string, string>) {
  const res = await handler(
    new Request(`http://test.local${path}`, {
      method: form ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
    }),
  )
  const html = await res.text()
  const page = await browser.newPage()
  await page.route('**/*', (r) => r.abort())
  await page.setContent(html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<link rel="stylesheet"[^>]*>/g, `<style>${css}</style>`))
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  const text = await page.innerText('body')
  await page.close()
  const violations = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
  console.log(`\n=== ${path} ${res.status}\n${violations.join('\n')}\n${text.slice(0, 1500)}`)
  return { status: res.status, violations, text }
}

it('renders the policy pages accessibly', async () => {
  const staff = await staffToken()
  const A = await agencyWithToken()
  const db = getDb()
  const draft = await createPolicy(db, { agencyId: A.agency.id, status: 'PERSONAL_INFORMATION_ADDED', policyType: 'FAMILY' })
  const other = await createPolicy(db, { agencyId: A.agency.id, status: 'OTHER_DETAILS_ADDED' })
  const init = await createPolicy(db, { agencyId: A.agency.id, status: 'INITIATED', policyType: 'FAMILY' })
  const issued = await createPolicy(db, { agencyId: A.agency.id, status: 'PAYMENT_APPROVED' })
  const pages: [string, string, Record<string, string>?][] = [
    ['/agency/policies', A.token],
    ['/agency/policies?archived=1', A.token],
    ['/agency/policies/new?policy_type=COUPLE&provider_id=1&start_date=2027-02-01&end_date=2028-01-31', A.token],
    ['/agency/policies/new', A.token, { first_name: 'x' }],
    [`/agency/policies/${init.policy.id}`, A.token],
    [`/agency/policies/${issued.policy.id}`, A.token],
    [`/agency/policies/${init.policy.id}/edit?step=personal`, A.token],
    [`/agency/policies/${init.policy.id}/edit?step=family`, A.token],
    [`/agency/policies/${init.policy.id}/edit?step=other`, A.token],
    [`/agency/policies/${init.policy.id}/edit?step=quote`, A.token],
    [`/agency/policies/${draft.policy.id}/edit?step=family`, A.token, { intent: 'count', dependant_count: '2' }],
    [`/agency/policies/${other.policy.id}/edit?step=other`, A.token, { intent: 'other', has_australian_address: 'on' }],
    [`/agency/policies/${other.policy.id}/edit?step=quote&start_date=2027-02-01&end_date=2027-01-01`, A.token],
    ['/staff/policies', staff],
    [`/staff/policies/${issued.policy.id}`, staff],
  ]
  const bad: string[] = []
  for (const [path, token, form] of pages) {
    const r = await render(path, token, form)
    if (r.status >= 500 || r.violations.length) bad.push(`${path} ${r.status} ${r.violations.join('; ')}`)
  }
  expect(bad).toEqual([])
}, 120_000)
