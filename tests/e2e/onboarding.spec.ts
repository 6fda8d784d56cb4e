import { type Page } from '@playwright/test'
import pg from 'pg'
import { expect, test, expectAccessible, newestMail, shot, signIn, signOut, toast } from './helpers'

const email = `journey-${Date.now()}@example.test`
const company = 'Wattle Student Services'
const newPassword = 'Wattle-Journey-2026'

test('a new agency registers, is onboarded by staff through the inbox, and lands on its portal', async ({
  page,
  request,
}) => {
  // 1. Registration in the browser.
  await page.goto('/register')
  await expectAccessible(page)
  await page.getByLabel('Company name').fill(company)
  await page.getByLabel('Company address').fill('5 Wattle Street, Sydney NSW 2000')
  await page.getByLabel('Contact person').fill('Robin Wattle')
  await page.getByLabel('Contact number').fill('+61 2 9999 0000')
  await page.getByLabel('Email').fill(email)
  // The documents accepted are links (TERMS_URL and PRIVACY_URL of the system), opened beside.
  await expect(page.getByRole('link', { name: 'terms', exact: true })).toHaveAttribute(
    'href',
    process.env.TERMS_URL!,
  )
  await expect(page.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('target', '_blank')
  await page.getByLabel('I accept the terms and the privacy policy').check()
  await page.getByRole('button', { name: 'Register' }).click()
  // The verification page is reached by its signed link: <agency id>.<signature>.
  await expect(page).toHaveURL(/\/onboarding\/verify\?token=\d+\.[0-9a-f]{64}$/)
  const agencyId = Number(/token=(\d+)\./.exec(page.url())![1])
  await shot(page, '01-verify')

  // 2. The one-time code from the dev mailbox.
  const otpMail = await newestMail(request, email, /verification code/i)
  const code = /Verification code: (\d{6})/.exec(otpMail.text)![1]
  await page.getByLabel('Verification code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/login/)
  // Sign-in says the address is verified and where the password went.
  await expect(toast(page, 'Your e-mail address is verified')).toContainText(
    `We sent your temporary password to ${email}`,
  )

  // 3. First sign-in with the mailed temporary password forces a new one.
  const loginMail = await newestMail(request, email, /portal login/i)
  const temporary = /Temporary password: (\S+)/.exec(loginMail.text)![1]
  await signIn(page, email, temporary)
  await expect(page).toHaveURL(/\/change-password/)
  await page.getByLabel('Temporary password').fill(temporary)
  await page.getByLabel('New password').fill(newPassword)
  await page.getByRole('button', { name: 'Save password' }).click()

  // 4. Company steps, resuming where path_by_status says.
  await expect(page).toHaveURL(/\/onboarding\/company/)
  await expect(page.getByLabel('Company name')).toHaveValue(company)
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/\/onboarding\/address/)
  await page.getByLabel('State').selectOption({ label: 'New South Wales' })
  await expect(page.getByLabel('City').locator('option', { hasText: 'Sydney' }).first()).toBeAttached()
  await page.getByLabel('City').selectOption({ label: 'Sydney' })
  await page.getByLabel('Street address', { exact: true }).fill('5 Wattle Street')
  await page.getByLabel('Post code').fill('2000')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/\/onboarding\/bank/)
  await page.getByLabel('Bank', { exact: true }).fill('Westpac')
  await page.getByLabel('Account name').fill(company)
  await page.getByLabel('Account number').fill('11223344')
  await page.getByLabel('BSB (optional)').fill('062000')
  await page.getByLabel('ABN (optional)').fill('51 824 753 556')
  await page.getByLabel('We are registered for GST').check()
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/\/onboarding\/submit/)
  // The review shows every detail given, the place and bank numbers among them.
  const review = (term: string) => page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd')
  await expect(review('City')).toHaveText('Sydney')
  await expect(review('State')).toHaveText('New South Wales')
  await expect(review('BSB')).toHaveText(/062.?000/)
  await expect(review('ABN')).toHaveText(/51 ?824 ?753 ?556/)
  await expect(review('Registered for GST')).toHaveText('Yes')
  await shot(page, '02-submit')
  await page.getByRole('button', { name: 'Submit registration' }).click()
  await expect(page).toHaveURL(/\/onboarding\/waiting/)
  await expect(page.getByText('configuring your agency')).toBeVisible()
  await signOut(page)

  // 5. Staff: the inbox shows the configuration task.
  await signIn(page, 'admin@oshc.local', 'Admin-Passw0rd!')
  await expect(page).toHaveURL(/\/staff\/inbox/)
  // The inbox lists due first: the new agency's task is found by its name.
  await page.getByLabel('Agency or subject').fill(company)
  await page.getByLabel('Agency or subject').press('Enter')
  await expect(page.getByRole('link', { name: `Configure ${company}` })).toBeVisible()
  await expectAccessible(page)
  await shot(page, '03-inbox')
  // The task opens its view, which leads on to the configuration form.
  await page.getByRole('link', { name: `Configure ${company}` }).click()
  await expect(page).toHaveURL(/\/staff\/inbox\/\d+$/)
  await page.getByRole('link', { name: 'Open the form' }).click()
  await expect(page).toHaveURL(new RegExp(`/staff/agencies/${agencyId}/configuration$`))

  await staffConfiguresAndSendsAgreement(page, agencyId)
  await signOut(page)

  // 6. The agency signs the agreement.
  await signIn(page, email, newPassword)
  await expect(page).toHaveURL(/\/onboarding\/agreement/)
  await page.getByLabel('Signed agreement').setInputFiles({
    name: 'signed.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\nsigned agreement\n%%EOF'),
  })
  await page.getByRole('button', { name: 'Upload signed agreement' }).click()
  await expect(page).toHaveURL(/\/onboarding\/waiting/)
  await signOut(page)

  // 7. Staff activate the portal.
  await signIn(page, 'admin@oshc.local', 'Admin-Passw0rd!')
  await page.goto(`/staff/agencies/${agencyId}`)
  await page.getByRole('button', { name: 'Activate portal' }).click()
  await expect(page.getByRole('button', { name: 'Deactivate portal' })).toBeVisible()
  await signOut(page)

  // 8. The agency lands on its portal.
  await signIn(page, email, newPassword)
  await expect(page).toHaveURL(/\/agency$/)
  await expect(page.getByText('Your portal is active.')).toBeVisible()
  await expectAccessible(page)
  await shot(page, '04-portal')

  // 9. Database state at the end.
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await db.connect()
  const {
    rows: [agency],
  } = await db.query('SELECT * FROM agencies WHERE id = $1', [agencyId])
  expect(agency).toMatchObject({
    status: 'PORTAL_ACTIVATED',
    is_email_verified: true,
    is_request_submitted: true,
    is_verfied: true,
  })
  const { rows: configs } = await db.query(
    'SELECT insurance_provider_id, commission_rate FROM agency_configurations WHERE agency_id = $1 ORDER BY 1',
    [agencyId],
  )
  expect(configs).toEqual([
    { insurance_provider_id: 1, commission_rate: '11.50' },
    { insurance_provider_id: 3, commission_rate: '10.00' },
  ])
  const {
    rows: [doc],
  } = await db.query('SELECT * FROM agency_documents WHERE agency_id = $1', [agencyId])
  expect(doc.is_unsigned_agreement_sent).toBe(true)
  expect(doc.signed_agreement).toBeTruthy()
  const { rows: open } = await db.query('SELECT kind FROM tasks WHERE agency_id = $1 AND closed_at IS NULL', [
    agencyId,
  ])
  expect(open).toEqual([])
  const { rows: history } = await db.query(
    'SELECT action FROM agency_histories WHERE agency_id = $1 ORDER BY id',
    [agencyId],
  )
  expect(history.map((h) => h.action)).toEqual(
    expect.arrayContaining([
      'REGISTERED',
      'EMAIL_VERIFIED',
      'LOGIN_CREATED',
      'PASSWORD_CHANGED',
      'REGISTRATION_REQUEST_SUBMITTED',
      'configurationDone',
      'UNSIGNED_AGREEMENT_UPLOADED',
      'agreementSent',
      'SIGNED_AGREEMENT_UPLOADED',
      'activatePortal',
    ]),
  )
  await db.end()
})

/** Configuration for two insurers, then the unsigned agreement upload and send (staff agency page). */
async function staffConfiguresAndSendsAgreement(page: Page, agencyId: number) {
  const insurer = (name: string) =>
    page.locator('fieldset', { has: page.locator('legend', { hasText: new RegExp(`^${name}$`) }) })
  await insurer('nib OSHC').getByLabel('Configure nib OSHC').check()
  // Within the demo system's OSHC commission cap (12% from 1 July 2026): a rate above it is refused.
  await insurer('nib OSHC').getByLabel('Commission rate (%)').fill('11.5')
  await insurer('Bupa OSHC').getByLabel('Configure Bupa OSHC').check()
  await insurer('Bupa OSHC').getByLabel('Commission rate (%)').fill('10')
  await page.getByLabel('Buy now, pay later amount (AUD)').fill('5000')
  await page.getByRole('button', { name: 'Save configuration' }).click()
  await expect(page.getByText('Configured for this agency.').first()).toBeVisible()
  await shot(page, '05-configuration')

  await page.goto(`/staff/agencies/${agencyId}/agreement`)
  await page.getByLabel('Agreement file').setInputFiles({
    name: 'agreement.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\nagency agreement\n%%EOF'),
  })
  await page.getByRole('button', { name: 'Upload unsigned agreement' }).click()
  await expect(page.getByRole('button', { name: 'Send agreement to agency' })).toBeEnabled()
  await page.getByRole('button', { name: 'Send agreement to agency' }).click()
  await expect(page.getByRole('button', { name: 'Send agreement to agency' })).toHaveCount(0)
  await shot(page, '06-agreement-sent')
}
