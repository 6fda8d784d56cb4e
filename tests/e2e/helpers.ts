import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { mkdirSync } from 'node:fs'
import pg from 'pg'

export { expect }

/** The seeded staff login and the demo agency (an active portal). */
export const STAFF = {
  email: 'admin@oshc.local',
  password: process.env.SEED_ADMIN_PASSWORD ?? 'Admin-Passw0rd!',
}
export const AGENCY = { email: 'agency@demo.local', password: 'Agency-Passw0rd!' }
/** The demo's second staff login (finance): the checker of maker-checker approvals. */
export const FINANCE = { email: 'finance@oshc.local', password: 'Agency-Passw0rd!' }

/** A query against the database of the system under test (set-up and checks beside the browser). */
export async function query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await db.connect()
  try {
    return (await db.query(sql, params)).rows as T[]
  } finally {
    await db.end()
  }
}

/** Lets one test accept one kind of browser error, saying why (nothing is accepted by default). */
export interface BrowserErrors {
  /** Also watch a context the test opened itself (browser.newContext()). */
  watch: (context: BrowserContext) => void
  allow: (pattern: RegExp, why: string) => void
}

/**
 * Every spec's `test`: fails a test whose pages logged a console error (a failed request, a React
 * hydration error, console.error) or threw an uncaught exception, checked when the test ends.
 */
export const test = base.extend<{ browserErrors: BrowserErrors }>({
  browserErrors: [
    async ({ context }, use) => {
      const errors: string[] = []
      // A form whose submission is refused answers 400 with the field errors (ARCHITECTURE.md,
      // "Requests"), and Chrome logs every 4xx fetch as a console error; the specs assert those
      // errors on the page. Only that: a 400 to a Remix data request (.data), nothing else.
      const allowed: RegExp[] = [
        /^Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(\S+\.data(\?\S*)?\)$/,
      ]
      const watch = (ctx: BrowserContext) => {
        ctx.on('console', (m) => {
          if (m.type() !== 'error') return
          const where = m.location().url || m.page()?.url() || ''
          errors.push(`${m.text()} (${where})`)
        })
        ctx.on('weberror', (e) => errors.push(`Uncaught ${e.error().message} (${e.page()?.url() ?? ''})`))
      }
      watch(context)
      await use({ watch, allow: (pattern) => void allowed.push(pattern) })
      expect(
        errors.filter((e) => !allowed.some((p) => p.test(e))),
        'console errors or uncaught exceptions in the browser',
      ).toEqual([])
    },
    { auto: true },
  ],
})

export const SHOTS = 'tests/artifacts/screenshots'

mkdirSync(SHOTS, { recursive: true })

/** The newest mail to `to`, read from the development outbox API. */
export async function newestMail(request: APIRequestContext, to: string, subject: RegExp) {
  let found: { subject: string; text: string } | undefined
  await expect
    .poll(async () => {
      const r = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)
      const mails = (await r.json()).data as { subject: string; text: string }[]
      found = mails.find((m) => subject.test(m.subject))
      return !!found
    })
    .toBe(true)
  return found!
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
}

/** The toast (sonner) saying `text`: a form's answer has landed and the page shows its outcome. */
export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text })

/**
 * Waits until the page is at rest: no navigation or fetcher in flight, every toast mounted, and no
 * transition running (a toast sliding in or out) for two checks in a row.
 */
export async function settle(page: Page) {
  const atRest = () =>
    page.waitForFunction(() => {
      type Router = { state: { navigation: { state: string }; fetchers: Map<string, { state: string }> } }
      const router = (window as unknown as { __remixRouter?: Router }).__remixRouter
      if (router) {
        if (router.state.navigation.state !== 'idle') return false
        for (const fetcher of router.state.fetchers.values()) if (fetcher.state !== 'idle') return false
      }
      const toasts = [...document.querySelectorAll('[data-sonner-toast]')]
      if (toasts.some((t) => t.getAttribute('data-mounted') !== 'true')) return false
      return document.getAnimations().every((a) => a.playState !== 'running')
    })
  await atRest()
  await page.waitForTimeout(60)
  await atRest()
}

/**
 * Clicks a confirming button (app/components/confirm-submit.tsx) once it has hydrated and returns
 * its open dialog. Before hydration the same button posts the form at once, unconfirmed: a click
 * in that moment would skip the dialog the journey means to read.
 */
export async function askToConfirm(button: Locator) {
  await expect(button).toHaveAttribute('aria-haspopup', 'dialog')
  await button.click()
  const dialog = button.page().getByRole('dialog')
  await expect(dialog).toBeVisible()
  return dialog
}

export async function signOut(page: Page) {
  // A form still posting must land first: its answer (a redirect with a toast) carries the session
  // cookie, and arriving after the sign-out it would sign the person back in.
  await settle(page)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login/)
}

/** WCAG A/AA violations on the current page (axe-core). */
export async function expectAccessible(page: Page) {
  // Axe reads a half-faded toast as low contrast: let every answer land and every transition end.
  // A toast may still start to fade while axe reads the page, so a finding must hold on a second
  // look after the page has settled again; a real violation does, a passing fade does not.
  const analyze = async () => {
    await settle(page)
    return new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  }
  let result = await analyze()
  if (result.violations.length > 0) result = await analyze()
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })

/**
 * A payout the demo agency requests through the API, of its newest banked commission (the payout
 * journey of money.spec takes the oldest); answers the payout's id.
 */
export async function requestDemoPayout(request: APIRequestContext, invoicePrefix: string) {
  const [line] = await query<{ id: number }>(
    `SELECT li.id FROM commissions c JOIN policies p ON p.id = c.policy_id
       JOIN agencies a ON a.id = p.agency_id
       JOIN invoice_line_items li ON li.policy_id = p.id
      WHERE a.email = $1 AND c.status = 'COMMISSION_BANKED'
        AND p.status IN ('PAYMENT_APPROVED', 'CERTIFICATE_UPLOADED', 'CERTIFICATE_ISSUED')
        AND NOT EXISTS (SELECT 1 FROM amendments m WHERE m.policy_id = p.id AND m.is_open)
        AND NOT EXISTS (SELECT 1 FROM full_refunds r WHERE r.policy_id = p.id)
      ORDER BY p.id DESC LIMIT 1`,
    [AGENCY.email],
  )
  expect(line, 'a banked commission of the demo agency').toBeTruthy()
  const login = await request.post('/api/authentication/login', { data: AGENCY })
  const token = (await login.json()).data.token as string
  const asked = await request.post('/api/agencies/finance-management/sendCommmisionPayoutRequest', {
    headers: { authorization: `Bearer ${token}` },
    data: { external_invoice_id: `${invoicePrefix}-${Date.now()}`, invoice_line_item_ids: [line.id] },
  })
  expect(asked.status(), await asked.text()).toBe(201)
  return (await asked.json()).data.id as number
}

/** The demo agency through the API: its id and the bearer header of one login. */
export async function demoAgencyApi(request: APIRequestContext) {
  const login = await request.post('/api/authentication/login', { data: AGENCY })
  expect(login.status(), await login.text()).toBe(200)
  const [agency] = await query<{ id: number }>(
    'SELECT a.id FROM agencies a JOIN identities i ON i.id = a.identity_id WHERE i.email = $1',
    [AGENCY.email],
  )
  return { agencyId: agency.id, headers: { authorization: `Bearer ${(await login.json()).data.token}` } }
}

/** A BANK top-up of `amount` A$ the demo agency asks for today, with the stored receipt `key`: its id. */
export async function requestDemoTopup(
  request: APIRequestContext,
  agency: Awaited<ReturnType<typeof demoAgencyApi>>,
  amount: number,
  key: string,
) {
  const r = await request.post('/api/agencies/finance-management/doTopUpByAgency', {
    headers: agency.headers,
    data: {
      agency_id: agency.agencyId,
      payment_method: 'BANK',
      receipt_url: key,
      amount,
      topup_date: new Date().toISOString().slice(0, 10),
    },
  })
  expect(r.status(), await r.text()).toBe(201)
  return (await r.json()).data.topup.id as number
}
