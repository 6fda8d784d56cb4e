// Every form of both portals sent empty (issue 29): what the page says names the field as the form
// labels it, never a raw field name ("full_refund_requested_reason is required") or a library's
// wording ("Invalid input", "must be in the format of YYYY-MM-DD" on an empty date). Every post
// is stopped before it leaves the browser: the walk changes nothing the later journeys rely on.
import type { Page } from '@playwright/test'
import { AGENCY, expect, query, settle, signIn, STAFF, test, type BrowserErrors } from './helpers'

const RAW_NAME = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b|\b[A-Z]+(?:_[A-Z]+)+\b/
const LIBRARY =
  /Invalid input|expected \w+, received|received undefined|must be in the format of|String must|Too small|Too big|^Required$|^Invalid\b/

/** Every text-like control a person types into (the walk empties them). */
const TYPED =
  'input:visible:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]):not([type=submit]):not([type=button]):not([readonly]):not([disabled]), textarea:visible:not([readonly]):not([disabled])'

async function firstId(sql: string, params: unknown[] = []) {
  const [row] = await query<{ id: number }>(sql, params)
  return row?.id
}

/**
 * Sends each form of each page empty and answers what is wrong with its messages, and how many
 * forms showed messages.
 */
async function walk(page: Page, browserErrors: BrowserErrors, paths: (string | null)[]) {
  const problems: string[] = []
  const seen: string[] = []
  let checked = 0
  let posted = false
  browserErrors.allow(/ERR_BLOCKED_BY_CLIENT|^TypeError: Failed to fetch/, 'the walk stops every post')
  await page.route('**/*', (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    posted = true
    return route.abort('blockedbyclient')
  })
  for (const path of paths) {
    if (!path) continue
    await page.goto(path)
    await settle(page)
    const count = await page.locator('form[method="post" i]').count()
    for (let i = 0; i < count; i++) {
      if (i > 0) {
        await page.goto(path)
        await settle(page)
      }
      const form = page.locator('form[method="post" i]').nth(i)
      if (!(await form.isVisible())) continue
      const required = form.locator('input[required]:visible, textarea[required]:visible')
      if ((await required.count()) === 0) continue
      const typed = form.locator(TYPED)
      for (let k = 0; k < (await typed.count()); k++) await typed.nth(k).fill('')
      // Nothing left to require: a form whose only required controls are chosen, not typed.
      if ((await form.locator(`${TYPED.split(',')[0]}[required]`).count()) === 0) continue
      const submit = form.locator('button[type=submit]:visible:enabled:not([formnovalidate])').first()
      if ((await submit.count()) === 0) continue
      const name = (await submit.innerText()).trim()
      posted = false
      await submit.click()
      await page.waitForTimeout(300)
      const messages = (await form.locator('[id$="-error"] li').allInnerTexts()).map((m) => m.trim())
      seen.push(
        `${path} [${name}]${posted ? ' (sent: no check in the browser)' : ''}: ${messages.join(' | ')}`,
      )
      if (messages.length === 0) continue
      checked++
      for (const m of messages)
        if (RAW_NAME.test(m) || LIBRARY.test(m) || /^[a-z]/.test(m))
          problems.push(`${path} [${name}]: ${JSON.stringify(m)}`)
      await page.keyboard.press('Escape')
    }
  }
  await page.unroute('**/*')
  console.log(seen.join('\n'))
  return { problems, checked }
}

test('every staff form sent empty says what is missing in the words of its labels', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(300_000)
  await signIn(page, STAFF.email, STAFF.password)
  const agency = await firstId(`SELECT id FROM agencies WHERE email = $1`, [AGENCY.email])
  const paid = await firstId(
    `SELECT id FROM policies WHERE status IN ('PAYMENT_APPROVED','CERTIFICATE_ISSUED') AND NOT is_archived ORDER BY id LIMIT 1`,
  )
  const invoice = await firstId(`SELECT id FROM invoices ORDER BY id LIMIT 1`)
  const payout = await firstId(`SELECT id FROM commission_payouts ORDER BY id LIMIT 1`)
  const ticket = await firstId(`SELECT id FROM feedback_tickets ORDER BY id LIMIT 1`).catch(() => undefined)
  const { problems, checked } = await walk(page, browserErrors, [
    '/staff/agencies/invite',
    '/staff/users/new',
    '/staff/roles',
    '/staff/pricing',
    '/staff/pricing/gst',
    '/staff/pricing/offers',
    '/staff/pricing/documents',
    '/staff/promotions',
    '/staff/widget-clients',
    '/staff/admission/links',
    '/staff/finance/topups',
    '/staff/finance/payouts',
    '/staff/finance/commission-cap',
    '/staff/finance/statements',
    '/staff/finance/payout-batches',
    '/staff/finance/periods',
    '/staff/finance/refunds',
    '/staff/finance/bnpl',
    agency ? `/staff/agencies/${agency}` : null,
    agency ? `/staff/agencies/${agency}/configuration` : null,
    agency ? `/staff/agencies/${agency}/users` : null,
    paid ? `/staff/policies/${paid}` : null,
    paid ? `/staff/policies/${paid}/refund` : null,
    paid ? `/staff/policies/${paid}/clawback` : null,
    paid ? `/staff/policies/${paid}/amendment` : null,
    invoice ? `/staff/finance/invoices/${invoice}` : null,
    payout ? `/staff/finance/payouts/${payout}` : null,
    ticket ? `/staff/feedback/${ticket}` : null,
  ])
  expect(problems).toEqual([])
  expect(checked).toBeGreaterThanOrEqual(10)
})

test('every agency form sent empty says what is missing in the words of its labels', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(300_000)
  await signIn(page, AGENCY.email, AGENCY.password)
  const mine = `SELECT p.id FROM policies p JOIN agencies a ON a.id = p.agency_id WHERE a.email = $1 AND NOT p.is_archived`
  const paid = await firstId(
    `${mine} AND p.status IN ('PAYMENT_APPROVED','CERTIFICATE_ISSUED') ORDER BY p.id`,
    [AGENCY.email],
  )
  const initiated = await firstId(`${mine} AND p.status = 'INITIATED' ORDER BY p.id`, [AGENCY.email])
  const invoice = await firstId(
    `SELECT i.id FROM invoices i JOIN agencies a ON a.id = i.agency_id WHERE a.email = $1 ORDER BY i.id`,
    [AGENCY.email],
  )
  const { problems, checked } = await walk(page, browserErrors, [
    '/agency/policies/new',
    '/agency/quotes',
    '/agency/users/new',
    '/agency/roles',
    '/agency/widget',
    '/agency/feedback',
    '/agency/promotions',
    '/agency/admission/students',
    '/agency/finance/topups',
    '/agency/finance/payout-details',
    '/agency/finance/payouts',
    '/agency/finance/commission',
    '/agency/finance/bnpl',
    '/agency/finance/clawbacks',
    paid ? `/agency/policies/${paid}` : null,
    paid ? `/agency/policies/${paid}/refund` : null,
    paid ? `/agency/policies/${paid}/amendment` : null,
    initiated ? `/agency/policies/${initiated}/edit` : null,
    initiated ? `/agency/policies/${initiated}/pay` : null,
    invoice ? `/agency/finance/invoices/${invoice}` : null,
  ])
  expect(problems).toEqual([])
  expect(checked).toBeGreaterThanOrEqual(7)
})
