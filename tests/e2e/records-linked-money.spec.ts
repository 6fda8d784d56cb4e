// Records linked to each other (issue 29), the money records: the agency opens a payout from its
// list (/agency/finance/payouts/<id>) and follows its commission lines and the invoice it bills;
// the refund, amendment and clawback lists link the policy they name (at its section where the
// policy page has one); the money trails link the invoice, payout and clawback each transfer
// names, always on the viewer's own portal. On its own this spec requests and pays a payout and
// initiates a clawback through the pages; after money.spec it reuses theirs.
import { type APIRequestContext, type Page } from '@playwright/test'
import {
  AGENCY,
  askToConfirm,
  expect,
  FINANCE,
  query,
  requestDemoPayout,
  signIn,
  STAFF,
  test,
} from './helpers'

const DEMO = '(SELECT id FROM agencies WHERE email = $1)'

/** The demo agency's newest payout with commission lines and its invoice (`status` if given). */
async function findPayout(status?: string) {
  const [row] = await query<{ id: number; invoice_id: number; status: string }>(
    `SELECT p.id, p.invoice_id, p.status FROM commission_payouts p
      WHERE p.agency_id = ${DEMO} AND p.invoice_id IS NOT NULL AND ($2::text IS NULL OR p.status::text = $2)
        AND EXISTS (SELECT 1 FROM commission_payout_items i WHERE i.payout_id = p.id)
      ORDER BY p.id DESC LIMIT 1`,
    [AGENCY.email, status ?? null],
  )
  return row
}

/**
 * A paid payout of the demo agency; on its own, one requested through the API and paid by staff
 * here, to the agency's balance.
 */
async function paidPayout(page: Page, request: APIRequestContext) {
  let paid = await findPayout('APPROVED')
  if (!paid) {
    const id = await requestDemoPayout(request, 'LINKS-PAID')
    await signIn(page, STAFF.email, STAFF.password)
    await page.goto(`/staff/finance/payouts/${id}`)
    // To the agency's balance: its money trail then names the payout and its invoice.
    await page.getByLabel('Payment method').selectOption('AGENCY_BALANCE')
    const approve = page.getByRole('button', { name: 'Approve payout' })
    await (await askToConfirm(approve)).getByRole('button', { name: 'Approve payout' }).click()
    await expect(page.getByText(`Payout #${id} approved`)).toBeVisible()
    await page.context().clearCookies()
    paid = await findPayout('APPROVED')
  }
  expect(paid, 'a paid payout of the demo agency').toBeTruthy()
  return paid!
}

type Claw = { id: number; policy_id: number; ref: string; invoice_id: number | null; status: string }
const findClawback = async () =>
  (
    await query<Claw>(
      `SELECT c.id, c.policy_id, p.ref, c.invoice_id, c.status FROM clawbacks c JOIN policies p ON p.id = c.policy_id
        WHERE c.agency_id = ${DEMO} ORDER BY c.id DESC LIMIT 1`,
      [AGENCY.email],
    )
  )[0]

/** A clawback of the demo agency: money.spec's, or one staff initiate now on a paid-out policy. */
async function demoClawback(page: Page, request: APIRequestContext): Promise<Claw> {
  const found = await findClawback()
  if (found) return found
  const payout = await paidPayout(page, request)
  const [line] = await query<{ policy_id: number }>(
    'SELECT policy_id FROM commission_payout_items WHERE payout_id = $1 ORDER BY id LIMIT 1',
    [payout.id],
  )
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(`/staff/policies/${line.policy_id}/clawback`)
  await page.getByLabel('Premium to claw back (AUD)').fill('100')
  const initiate = page.getByRole('button', { name: 'Initiate clawback' })
  await (await askToConfirm(initiate)).getByRole('button', { name: 'Initiate clawback' }).click()
  await expect.poll(async () => (await findClawback())?.policy_id).toBe(line.policy_id)
  await page.context().clearCookies()
  return (await findClawback())!
}

test('the agency opens a payout from its list, follows its commission lines and the invoice it bills, and comes back', async ({
  page,
  request,
}) => {
  const paid = await paidPayout(page, request)
  const lines = await query<{ policy_id: number; ref: string }>(
    `SELECT p.id AS policy_id, p.ref FROM commission_payout_items i JOIN policies p ON p.id = i.policy_id
      WHERE i.payout_id = $1 ORDER BY i.id`,
    [paid.id],
  )
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto('/agency/finance/payouts?status=APPROVED')
  await page.getByRole('link', { name: `Payout #${paid.id}`, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/agency/finance/payouts/${paid.id}$`))
  await expect(page.getByRole('heading', { name: `Commission payout #${paid.id}` })).toBeVisible()
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download remittance (PDF)' })).toHaveAttribute(
    'href',
    `/agency/finance/payouts/${paid.id}/remittance`,
  )
  // Never a staff page for the agency.
  await expect(page.locator('main a[href^="/staff"]')).toHaveCount(0)
  const table = page.getByRole('table', { name: 'Commission lines of this payout' })
  for (const l of lines)
    await expect(table.getByRole('link', { name: l.ref, exact: true })).toHaveAttribute(
      'href',
      `/agency/policies/${l.policy_id}`,
    )

  // The invoice it bills, and back from the invoice to the payout.
  await page.getByRole('link', { name: new RegExp(`^#${paid.invoice_id} `) }).click()
  await expect(page.getByRole('heading', { name: `Invoice #${paid.invoice_id}` })).toBeVisible()
  const back = page.getByRole('link', { name: `Payout #${paid.id}`, exact: true })
  await expect(back).toHaveAttribute('href', `/agency/finance/payouts/${paid.id}`)
  await back.click()
  await expect(page.getByRole('heading', { name: `Commission payout #${paid.id}` })).toBeVisible()

  await table.getByRole('link', { name: lines[0].ref, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/agency/policies/${lines[0].policy_id}$`))
  await expect(page.getByRole('heading', { name: `Policy ${lines[0].ref}` })).toBeVisible()

  // A payout that is not there reads as not found.
  // (Asked with the page's session outside the page, so the browser logs no failed load.)
  const missing = await page.request.get('/agency/finance/payouts/2000000000')
  expect(missing.status()).toBe(404)
})

test('the refund and amendment lists link the policy they name, the refund at its section of the policy page', async ({
  page,
}) => {
  const [refund] = await query<{ policy_id: number; ref: string }>(
    `SELECT r.policy_id, p.ref FROM full_refunds r JOIN policies p ON p.id = r.policy_id
      WHERE r.agency_id = ${DEMO} ORDER BY r.id DESC LIMIT 1`,
    [AGENCY.email],
  )
  const [amendment] = await query<{ id: number; policy_id: number; ref: string }>(
    `SELECT m.id, m.policy_id, p.ref FROM amendments m JOIN policies p ON p.id = m.policy_id
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1`,
  )
  expect(refund, 'a refund request of the demo agency').toBeTruthy()
  expect(amendment, 'an amendment').toBeTruthy()
  await signIn(page, STAFF.email, STAFF.password)

  await page.goto(`/staff/finance/refunds?search=${encodeURIComponent(refund.ref)}`)
  const refunds = page.getByRole('table', { name: 'Full refund requests' })
  const toRefund = refunds.getByRole('link', { name: refund.ref, exact: true })
  await expect(toRefund).toHaveAttribute('href', `/staff/policies/${refund.policy_id}#refund`)
  await toRefund.click()
  await expect(page).toHaveURL(new RegExp(`/staff/policies/${refund.policy_id}#refund$`))
  await expect(
    page.locator('#refund').getByRole('heading', { name: 'Full refund and cancellation' }),
  ).toBeVisible()

  await page.goto('/staff/policies/amendments?type=all')
  const row = page
    .getByRole('table', { name: 'Amendments' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: String(amendment.id), exact: true }) })
  const toPolicy = row.getByRole('link', { name: amendment.ref, exact: true })
  await expect(toPolicy).toHaveAttribute('href', `/staff/policies/${amendment.policy_id}`)
  await toPolicy.click()
  await expect(page.getByRole('heading', { name: `Policy ${amendment.ref}` })).toBeVisible()
})

/** The demo agency pays clawback `claw` by bank transfer from its list; finance approves it (posted). */
async function payByTransfer(page: Page, claw: Claw) {
  const list = page.getByRole('table', { name: 'Commission clawbacks' })
  await list.getByLabel('Pay by').selectOption('BANK')
  await list.getByLabel('Transfer proof (bank transfer only)').setInputFiles({
    name: 'clawback-transfer.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\nclawback transfer\n%%EOF'),
  })
  const pay = list.getByRole('button', { name: new RegExp(`^Pay A\\$.* on ${claw.ref}$`) })
  await (await askToConfirm(pay)).getByRole('button', { name: /^Pay A\$/ }).click()
  await expect.poll(async () => (await findClawback())?.status).toBe('REQUESTED')
  await page.context().clearCookies()
  // Maker-checker: not the staff member who initiated it.
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto('/staff/finance/clawbacks?status=REQUESTED')
  const approve = page.getByRole('button', { name: `Approve clawback on ${claw.ref}` })
  await (await askToConfirm(approve)).getByRole('button', { name: 'Approve clawback' }).click()
  await expect.poll(async () => (await findClawback())?.status).not.toBe('REQUESTED')
  await page.context().clearCookies()
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto(`/agency/finance/clawbacks?policy_id=${claw.policy_id}`)
}

test('the clawback list links its policy at the clawback section; the money trails link the clawback on each portal', async ({
  page,
  request,
}) => {
  const claw = await demoClawback(page, request)
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto(`/agency/finance/clawbacks?policy_id=${claw.policy_id}`)
  // On its own: paid back now, so the journal has a transfer naming the clawback.
  if (claw.status === 'INITIATED' || claw.status === 'REJECTED') await payByTransfer(page, claw)
  const list = page.getByRole('table', { name: 'Commission clawbacks' })
  if (claw.invoice_id)
    await expect(list.getByRole('link', { name: `Invoice #${claw.invoice_id}` })).toHaveAttribute(
      'href',
      `/agency/finance/invoices/${claw.invoice_id}`,
    )
  await list.getByRole('link', { name: claw.ref, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/agency/policies/${claw.policy_id}#clawback$`))
  await expect(page.locator('#clawback').getByRole('heading', { name: 'Commission clawback' })).toBeVisible()

  // The policy's money trail names the clawback: a link on the agency portal, never a staff page.
  const trail = page.getByRole('table', { name: 'Money movements of this policy, oldest first' })
  await expect(trail.getByRole('link', { name: `Clawback #${claw.id}` }).first()).toHaveAttribute(
    'href',
    `/agency/policies/${claw.policy_id}#clawback`,
  )
  await expect(page.locator('main a[href^="/staff"]')).toHaveCount(0)

  // Staff read the same trail with links to the staff pages: the clawback has its own page there.
  await page.context().clearCookies()
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(`/staff/policies/${claw.policy_id}`)
  const staffTrail = page.getByRole('table', { name: 'Money movements of this policy, oldest first' })
  await staffTrail
    .getByRole('link', { name: `Clawback #${claw.id}` })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`/staff/policies/${claw.policy_id}/clawback$`))
  await expect(page.getByRole('heading', { name: `Clawback of policy ${claw.ref}` })).toBeVisible()
})

test("a policy's money trail links the invoice a transfer names, in both portals", async ({ page }) => {
  // A premium paid from the balance names its invoice (payments.spec), as does the clawback
  // payment of the journey before.
  const [t] = await query<{ policy_id: number; invoice_id: number }>(
    `SELECT t.policy_id, t.invoice_id FROM money_transfers t JOIN policies p ON p.id = t.policy_id
      WHERE p.agency_id = ${DEMO} AND t.invoice_id IS NOT NULL ORDER BY t.id LIMIT 1`,
    [AGENCY.email],
  )
  expect(t, 'a transfer of a demo policy naming its invoice').toBeTruthy()
  for (const [portal, login] of [
    ['agency', AGENCY],
    ['staff', STAFF],
  ] as const) {
    await page.context().clearCookies()
    await signIn(page, login.email, login.password)
    await page.goto(`/${portal}/policies/${t.policy_id}`)
    const trail = page.getByRole('table', { name: 'Money movements of this policy, oldest first' })
    const link = trail.getByRole('link', { name: `Invoice #${t.invoice_id}` }).first()
    await expect(link).toHaveAttribute('href', `/${portal}/finance/invoices/${t.invoice_id}`)
    await link.click()
    await expect(page.getByRole('heading', { name: `Invoice #${t.invoice_id}` })).toBeVisible()
  }
})

test("the agency's money trail links the payout and invoice a balance movement names", async ({ page }) => {
  // The newest movement of the agency's balance (first page) naming a payout or an invoice: the
  // payout of the first journey paid to the balance, or a premium paid from it.
  const [t] = await query<{ payout_id: number | null; invoice_id: number | null }>(
    `WITH acc AS (SELECT id FROM money_accounts WHERE code = 'agency:' || ${DEMO} || ':balance'),
          mine AS (SELECT t.* FROM money_transfers t, acc
                    WHERE t.credit_account_id = acc.id OR t.debit_account_id = acc.id
                    ORDER BY t.id DESC LIMIT 25)
     SELECT payout_id, invoice_id FROM mine
      WHERE payout_id IS NOT NULL OR invoice_id IS NOT NULL ORDER BY id DESC LIMIT 1`,
    [AGENCY.email],
  )
  expect(t, 'a balance movement naming a payout or an invoice').toBeTruthy()
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto('/agency/finance/money-trail')
  const statement = page.getByRole('table', {
    name: 'Agency balance movements from the money journal, newest first',
  })
  await expect(statement.locator('a[href^="/staff"]')).toHaveCount(0)
  if (t.invoice_id)
    await expect(statement.getByRole('link', { name: `Invoice #${t.invoice_id}` }).first()).toHaveAttribute(
      'href',
      `/agency/finance/invoices/${t.invoice_id}`,
    )
  if (t.payout_id) {
    await statement
      .getByRole('link', { name: `Payout #${t.payout_id}` })
      .first()
      .click()
    await expect(page.getByRole('heading', { name: `Commission payout #${t.payout_id}` })).toBeVisible()
  } else {
    await statement
      .getByRole('link', { name: `Invoice #${t.invoice_id}` })
      .first()
      .click()
    await expect(page.getByRole('heading', { name: `Invoice #${t.invoice_id}` })).toBeVisible()
  }
})
