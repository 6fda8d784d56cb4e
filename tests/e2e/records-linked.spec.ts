// Records linked to each other (issue 29): the invoice lists name the policy and the student of a
// policy's invoice, the policy page links its invoices, a payout links its commission lines'
// policies, and the invoice a payout bills links back to the payout. Read-only on the shared demo
// system, but for one payout requested through the API when no earlier spec has left one.
import { type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { AGENCY, expect, query, requestDemoPayout, signIn, STAFF, test } from './helpers'

const LAPTOP = { width: 1366, height: 800 }

type PolicyInvoice = { invoice_id: number; policy_id: number; ref: string; student: string }

/** A premium invoice of the demo agency with its one policy and that policy's student. */
async function policyInvoice(): Promise<PolicyInvoice> {
  const [row] = await query<PolicyInvoice>(
    `SELECT i.id AS invoice_id, p.id AS policy_id, p.ref, c.first_name || ' ' || c.last_name AS student
       FROM invoices i JOIN agencies a ON a.id = i.agency_id
       JOIN invoice_line_items li ON li.invoice_id = i.id
       JOIN policies p ON p.id = li.policy_id JOIN customers c ON c.id = p.customer_id
      WHERE a.email = $1 AND i.invoice_type = 'PREMIUM' AND i.status <> 'DRAFT'
      ORDER BY i.id LIMIT 1`,
    [AGENCY.email],
  )
  expect(row, 'a premium invoice of the demo agency').toBeTruthy()
  return row
}

/** A payout with commission lines and the invoice it bills; requested through the API if none. */
async function payoutWithInvoice(request: APIRequestContext) {
  const find = () =>
    query<{ id: number; invoice_id: number }>(
      `SELECT p.id, p.invoice_id FROM commission_payouts p
        WHERE p.invoice_id IS NOT NULL AND EXISTS (SELECT 1 FROM commission_payout_items i WHERE i.payout_id = p.id)
        ORDER BY p.id LIMIT 1`,
    )
  let [payout] = await find()
  if (!payout) {
    // This spec run on its own: the payout journeys of money.spec and payout-batches.spec did not run.
    await requestDemoPayout(request, 'LINKS-E2E')
    ;[payout] = await find()
  }
  expect(payout, 'a payout with its invoice').toBeTruthy()
  return payout
}

async function expectTableFits(table: Locator) {
  const [scrollWidth, clientWidth] = await table.evaluate((t) => [
    t.parentElement!.scrollWidth,
    t.parentElement!.clientWidth,
  ])
  expect(scrollWidth, 'the list scrolls sideways').toBeLessThanOrEqual(clientWidth)
}

/** The list row of invoice #id (searched by its number), with its Policy and Student cells. */
async function expectInvoiceRow(page: Page, portal: 'staff' | 'agency', inv: PolicyInvoice) {
  await page.goto(`/${portal}/finance/invoices?invoice_tab=ALL&search=${inv.invoice_id}`)
  const table = page.getByRole('table', { name: 'Invoices' })
  const headers = await table.getByRole('columnheader').allInnerTexts()
  const col = (name: string) => headers.findIndex((h) => h.trim().startsWith(name))
  expect(col('Policy'), 'a Policy column').toBeGreaterThan(-1)
  expect(col('Student'), 'a Student column').toBeGreaterThan(-1)
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `#${inv.invoice_id}`, exact: true }) })
  await expect(row).toHaveCount(1)
  const cells = row.getByRole('cell')
  await expect(cells.nth(col('Student'))).toHaveText(inv.student)
  const policyLink = cells.nth(col('Policy')).getByRole('link', { name: inv.ref, exact: true })
  await expect(policyLink).toHaveAttribute('href', `/${portal}/policies/${inv.policy_id}`)
  return { table, policyLink, col }
}

test('the invoice lists of both portals name the policy (a link) and the student of a policy invoice, "—" for others', async ({
  page,
  request,
}) => {
  await page.setViewportSize(LAPTOP)
  const inv = await policyInvoice()
  const payout = await payoutWithInvoice(request)

  await signIn(page, STAFF.email, STAFF.password)
  const staff = await expectInvoiceRow(page, 'staff', inv)
  await staff.policyLink.click()
  await expect(page).toHaveURL(new RegExp(`/staff/policies/${inv.policy_id}$`))
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText(inv.ref)

  // A commission invoice (the payout's) is about many policies: no policy, no student.
  await page.goto(`/staff/finance/invoices?invoice_tab=ALL&search=${payout.invoice_id}`)
  const table = page.getByRole('table', { name: 'Invoices' })
  const headers = await table.getByRole('columnheader').allInnerTexts()
  const col = (name: string) => headers.findIndex((h) => h.trim().startsWith(name))
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `#${payout.invoice_id}`, exact: true }) })
  await expect(row.getByRole('cell').nth(col('Policy'))).toHaveText('—')
  await expect(row.getByRole('cell').nth(col('Student'))).toHaveText('—')

  // The whole first page still fits 1366 px without sideways scrolling.
  await page.goto('/staff/finance/invoices?invoice_tab=ALL')
  await expectTableFits(page.getByRole('table', { name: 'Invoices' }))

  await page.context().clearCookies()
  await signIn(page, AGENCY.email, AGENCY.password)
  const agency = await expectInvoiceRow(page, 'agency', inv)
  await agency.policyLink.click()
  await expect(page).toHaveURL(new RegExp(`/agency/policies/${inv.policy_id}$`))
  await page.goto('/agency/finance/invoices?invoice_tab=ALL')
  await expectTableFits(page.getByRole('table', { name: 'Invoices' }))
})

test("the policy page of both portals links each invoice it names to that portal's invoice page", async ({
  page,
}) => {
  const inv = await policyInvoice()
  for (const [portal, login] of [
    ['staff', STAFF],
    ['agency', AGENCY],
  ] as const) {
    await page.context().clearCookies()
    await signIn(page, login.email, login.password)
    await page.goto(`/${portal}/policies/${inv.policy_id}`)
    const invoices = page.getByRole('region', { name: 'Invoices' })
    const link = invoices.getByRole('link', { name: new RegExp(`invoice #${inv.invoice_id}$`) })
    await expect(link).toHaveAttribute('href', `/${portal}/finance/invoices/${inv.invoice_id}`)
    await link.click()
    await expect(page.getByRole('heading', { name: `Invoice #${inv.invoice_id}` })).toBeVisible()
    // And back: the invoice's line item links its policy on this portal.
    await expect(page.getByRole('link', { name: inv.ref, exact: true })).toHaveAttribute(
      'href',
      `/${portal}/policies/${inv.policy_id}`,
    )
  }
})

test('a payout links the policies of its commission lines, and the invoice it bills links back to it', async ({
  page,
  request,
}) => {
  const payout = await payoutWithInvoice(request)
  const lines = await query<{ policy_id: number; ref: string }>(
    `SELECT p.id AS policy_id, p.ref FROM commission_payout_items i JOIN policies p ON p.id = i.policy_id
      WHERE i.payout_id = $1 ORDER BY i.id`,
    [payout.id],
  )
  expect(lines.length).toBeGreaterThan(0)
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(`/staff/finance/payouts/${payout.id}`)
  const table = page.getByRole('table', { name: 'Commission lines of this payout' })
  for (const l of lines)
    await expect(table.getByRole('link', { name: l.ref, exact: true })).toHaveAttribute(
      'href',
      `/staff/policies/${l.policy_id}`,
    )
  await page.getByRole('link', { name: new RegExp(`^#${payout.invoice_id} `) }).click()
  await expect(page.getByRole('heading', { name: `Invoice #${payout.invoice_id}` })).toBeVisible()
  const back = page.getByRole('link', { name: `Payout #${payout.id}`, exact: true })
  await expect(back).toHaveAttribute('href', `/staff/finance/payouts/${payout.id}`)
  await back.click()
  await expect(page.getByRole('heading', { name: `Commission payout #${payout.id}` })).toBeVisible()
})
