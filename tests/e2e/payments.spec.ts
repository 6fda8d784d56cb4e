import { type APIRequestContext } from '@playwright/test'
import pg from 'pg'
import { expect, test, expectAccessible, shot, signIn, AGENCY } from './helpers'

async function withDb<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await db.connect()
  try {
    return await fn(db)
  } finally {
    await db.end()
  }
}

/** An INITIATED policy of the demo agency, created through the public API with a bearer token. */
async function initiatedPolicy(request: APIRequestContext, lastName: string) {
  const login = await request.post('/api/authentication/login', { data: AGENCY })
  expect(login.status()).toBe(200)
  const token = (await login.json()).data.token as string
  const au = await withDb(
    async (db) => (await db.query("SELECT id FROM countries WHERE iso2 = 'AU'")).rows[0].id,
  )
  const created = await request.post('/api/agencies/policy-management/createStudentDetails', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      customer: {
        title: 'Ms',
        first_name: 'Journey',
        last_name: lastName,
        email: `journey.${lastName.toLowerCase()}@example.test`,
        dob: '2005-03-04',
        country: au,
        has_accepted_terms: true,
        is_primary_visa_holder_and_eligible_to_apply: true,
        passport_number: `PJ${Date.now()}`,
        education_institute: 'University of Sydney',
      },
      partner: null,
      family_members: [],
      policy: {
        insurance_provider_id: 1,
        policy_type: 'SINGLE',
        start_date: '2027-02-01',
        end_date: '2028-01-31',
      },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  return (await created.json()).data.policyId as number
}

const policyRow = (id: number) =>
  withDb(
    async (db) => (await db.query('SELECT status, payment_method FROM policies WHERE id = $1', [id])).rows[0],
  )

test('an agency pays a policy by card through the sandbox checkout', async ({ page, request }) => {
  const policyId = await initiatedPolicy(request, 'Card')
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto(`/agency/policies/${policyId}/pay`)
  await expectAccessible(page)
  await page.getByRole('button', { name: /by card/ }).click()

  await expect(page).toHaveURL(/\/checkout\/sandbox\//)
  await expectAccessible(page)
  await page.getByLabel('Card number').fill('4000 0000 0000 0002')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByText(/declined/i).first()).toBeVisible()
  expect((await policyRow(policyId)).status).toBe('INITIATED')

  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByText('Card payment received')).toBeVisible()
  await shot(page, '10-card-paid')
  expect(await policyRow(policyId)).toEqual({ status: 'PAYMENT_APPROVED', payment_method: 'CARD' })
  await withDb(async (db) => {
    const { rows } = await db.query('SELECT status FROM card_payments WHERE policy_id = $1', [policyId])
    expect(rows).toEqual([{ status: 'PAID' }])
    const { rows: commission } = await db.query('SELECT status FROM commissions WHERE policy_id = $1', [
      policyId,
    ])
    expect(commission).toEqual([{ status: 'COMMISSION_BANKED' }])
  })
})

test('a student pays a policy from a payment link on the public page', async ({
  page,
  browser,
  request,
  browserErrors,
}) => {
  const policyId = await initiatedPolicy(request, 'Link')
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto(`/agency/policies/${policyId}/pay`)
  await page.getByLabel('Expires in (hours)').fill('48')
  await page.getByRole('button', { name: 'Create payment link' }).click()
  const url = await page.getByLabel('New payment link (copy and send it)').inputValue()
  expect(url).toMatch(/\/pay\/[A-Za-z0-9_-]+$/)

  // The student has no login: a fresh browser context.
  const student = await browser.newContext()
  browserErrors.watch(student)
  const pay = await student.newPage()
  await pay.goto(new URL(url).pathname)
  await expect(pay.getByRole('heading', { level: 1 })).toContainText('Pay for policy')
  await expectAccessible(pay)
  await pay.getByLabel('Show the amount in').selectOption('NPR')
  await pay.getByRole('button', { name: 'Show amount' }).click()
  await expect(pay.getByText(/1 AUD = /)).toBeVisible()
  await pay.getByRole('button', { name: /Pay by card/ }).click()
  await expect(pay).toHaveURL(/\/checkout\/sandbox\//)
  await pay.getByLabel('Card number').fill('4242 4242 4242 4242')
  await pay.getByRole('button', { name: /^Pay / }).click()
  await expect(pay).toHaveURL(/\/pay\//)
  await expect(pay.getByText(/paid/i).first()).toBeVisible()
  await shot(pay, '11-link-paid')
  await student.close()

  expect((await policyRow(policyId)).status).toBe('PAYMENT_APPROVED')
  await withDb(async (db) => {
    const { rows } = await db.query('SELECT status FROM payment_links WHERE policy_id = $1', [policyId])
    expect(rows).toEqual([{ status: 'PAID' }])
  })
})

test('an agency tops up by card, pays a policy from its balance and reads the money trail on the policy page', async ({
  page,
  request,
}) => {
  const policyId = await initiatedPolicy(request, 'Balance')
  const premium = Number(
    await withDb(
      async (db) =>
        (await db.query('SELECT premium FROM policies WHERE id = $1', [policyId])).rows[0].premium,
    ),
  )
  await signIn(page, AGENCY.email, AGENCY.password)
  // Exactly the premium: the demo agency's balance is empty again afterwards (readable-screens.spec.ts).
  await page.goto('/agency/finance/topups')
  // The card form's amount (the bank transfer form below has one too).
  await page.locator('#card_amount').fill((premium / 100).toFixed(2))
  await page.getByRole('button', { name: 'Pay by card' }).click()
  await expect(page).toHaveURL(/\/checkout\/sandbox\//)
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByText('Card top-up credited').first()).toBeVisible()

  await page.goto(`/agency/policies/${policyId}/pay`)
  await page.getByRole('button', { name: /from balance$/ }).click()
  await page.getByRole('button', { name: 'Pay from balance', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/agency/policies/${policyId}$`))
  await expect(page.getByRole('heading', { name: 'Money trail' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Premium paid' }).first()).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Agency balance → Premium received' }).first()).toBeVisible()
  await expectAccessible(page)
  expect(await policyRow(policyId)).toEqual({ status: 'PAYMENT_APPROVED', payment_method: 'AGENCY_BALANCE' })
  await withDb(async (db) => {
    const { rows } = await db.query(
      "SELECT balance FROM agency_balances WHERE agency_id = (SELECT id FROM agencies WHERE email = 'agency@demo.local')",
    )
    expect(Number(rows[0].balance)).toBe(0)
  })
})
