import { type Page } from '@playwright/test'
import pg from 'pg'
import { expect, test, expectAccessible, newestMail, shot, signIn, signOut, STAFF, AGENCY } from './helpers'

const student = { first: 'Mei', last: `Journey${Date.now().toString(36)}` }
const studentEmail = `${student.last.toLowerCase()}@example.test`
/** A minimal PDF: the upload check reads the %PDF magic bytes. */
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`),
})

async function query<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await db.connect()
  try {
    return (await db.query(sql, params)).rows as T[]
  } finally {
    await db.end()
  }
}

const policyIdFrom = (page: Page) => Number(/\/agency\/policies\/(\d+)/.exec(page.url())![1])

test('quote, sell by bank transfer, staff approve and issue the certificate, agency downloads it', async ({
  page,
  request,
}) => {
  // 1. The agency compares quotes and buys the nib one.
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto('/agency/quotes')
  await page.getByLabel('Start date').fill('2027-02-01')
  await page.getByLabel('End date').fill('2028-01-31')
  await page.getByLabel('Policy type').selectOption('SINGLE')
  await page.getByRole('button', { name: 'Get quotes' }).click()
  await expect(page.getByRole('heading', { name: /insurers? for single cover/ })).toBeVisible()
  // The insurers left out say why (issue 29): the demo agency sells two of the six.
  await expect(page.getByRole('list', { name: 'Insurers not quoted' }).getByRole('listitem')).toHaveText(
    Array(4).fill(/: not set up for your agency$/),
  )
  await expectAccessible(page)
  await shot(page, '20-quotes')
  await page.getByRole('link', { name: 'Buy single cover with nib' }).click()

  // 2. The wizard: personal details, other details, quote choice.
  await expect(page).toHaveURL(/\/agency\/policies\/new/)
  await page.getByLabel('First name').fill(student.first)
  await page.getByLabel('Last name').fill(student.last)
  await page.getByLabel('E-mail').fill(studentEmail)
  await page.getByLabel('Date of birth').fill('2005-03-04')
  await page.getByLabel('Country').selectOption({ label: 'China' })
  await page.getByLabel('The student is the primary visa holder and eligible to apply').check()
  await page.getByLabel('The student has accepted the terms and conditions').check()
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/step=other/)
  const policyId = policyIdFrom(page)
  await page.getByLabel('Passport number').fill('E12345678')
  await page.getByLabel('Education institute').fill('University of Melbourne')
  // The address fields show only with their box ticked; the city box suggests the chosen
  // state's cities as the user types (keyboard: arrow down, Enter).
  const street = page.getByLabel('Street address', { exact: true })
  await expect(street).toBeHidden()
  await page.getByLabel('The student has an Australian address').check()
  await street.fill('200 Swanston Street')
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Victoria' })
  const city = page.getByRole('combobox', { name: 'City', exact: true })
  await city.pressSequentially('melb')
  await expect(city).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('option', { name: 'Melbourne', exact: true })).toBeVisible()
  await expectAccessible(page)
  await city.press('ArrowDown')
  await expect(city).toHaveAttribute('aria-activedescendant', /city_name-option-0/)
  await city.press('Enter')
  await expect(city).toHaveValue('Melbourne')
  await expect(city).toHaveAttribute('aria-expanded', 'false')
  await page.getByLabel('Post code').fill('3000')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/step=quote/)
  expect(
    await query(
      `SELECT c.street_address_1, s.name AS state, ci.name AS city, c.post_code
       FROM policies p JOIN customers c ON c.id = p.customer_id
       JOIN states s ON s.id = c.state_id JOIN cities ci ON ci.id = c.city_id WHERE p.id = $1`,
      [policyId],
    ),
  ).toEqual([
    { street_address_1: '200 Swanston Street', state: 'Victoria', city: 'Melbourne', post_code: '3000' },
  ])
  await expect(page.getByLabel(/nib/)).toBeChecked()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Confirm and continue to payment' }).click()

  // 3. Pay by bank transfer: the proof is required.
  await expect(page).toHaveURL(new RegExp(`/agency/policies/${policyId}/pay`))
  await page.getByRole('button', { name: 'Submit bank payment' }).click()
  await expect(page.getByText('Bank document is required').first()).toBeVisible()
  await page.getByLabel('Proof of transfer').setInputFiles(pdf('transfer.pdf'))
  await page.getByRole('button', { name: 'Submit bank payment' }).click()
  await expect(page).toHaveURL(new RegExp(`/agency/policies/${policyId}$`))
  const [{ ref }] = await query<{ ref: string }>('SELECT ref FROM policies WHERE id = $1', [policyId])
  expect(await query('SELECT status FROM policies WHERE id = $1', [policyId])).toEqual([
    { status: 'PURCHASED' },
  ])
  await signOut(page)

  // 4. Staff find the payment in the approvals inbox and approve it.
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(`/staff/inbox?search=${encodeURIComponent(ref)}`)
  await expect(page.getByText(`Verify bank payment for policy ${ref}`)).toBeVisible()
  await page.goto('/staff/finance/verification')
  await expectAccessible(page)
  await page.getByRole('button', { name: `Approve the payment of ${ref}` }).click()
  await page
    .getByRole('dialog', { name: `Approve the payment of ${ref}?` })
    .getByRole('button', { name: 'Approve payment' })
    .click()
  await expect(page.getByRole('button', { name: `Approve the payment of ${ref}` })).toHaveCount(0)
  expect(await query('SELECT status FROM policies WHERE id = $1', [policyId])).toEqual([
    { status: 'PAYMENT_APPROVED' },
  ])

  // 5. Staff upload the certificate and issue it (mailed to the student).
  await page.goto(`/staff/policies/${policyId}`)
  await page.getByLabel('Certificate file (PDF)').setInputFiles(pdf('certificate.pdf'))
  await page.getByLabel('Membership number').fill('MEM-778899')
  await page.getByRole('button', { name: 'Upload certificate' }).click()
  await expect(page.getByRole('button', { name: 'Issue certificate' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Issue certificate' }).click()
  const mail = await newestMail(request, studentEmail, /certificate/i)
  expect(mail.text).toContain(ref)
  await shot(page, '21-certificate-issued')
  await signOut(page)

  // 6. The agency downloads the certificate.
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto(`/agency/policies/${policyId}`)
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download certificate' }).click()
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/)

  // 7. Database state at the end.
  expect(
    await query('SELECT status, membership_number, payment_method FROM policies WHERE id = $1', [policyId]),
  ).toEqual([{ status: 'CERTIFICATE_ISSUED', membership_number: 'MEM-778899', payment_method: 'BANK' }])
  expect(await query('SELECT status FROM commissions WHERE policy_id = $1', [policyId])).toEqual([
    { status: 'COMMISSION_BANKED' },
  ])
  expect(
    await query(
      `SELECT i.status FROM invoices i JOIN invoice_line_items li ON li.invoice_id = i.id
       WHERE li.policy_id = $1 AND i.invoice_type = 'PREMIUM' AND i.status <> 'CANCELLED'`,
      [policyId],
    ),
  ).toEqual([{ status: 'PAID' }])
  expect(
    await query('SELECT outcome FROM tasks WHERE workflow_id = $1', [`policy-payment-${policyId}`]),
  ).toEqual([{ outcome: 'approved' }])
})
