import { hash } from '@node-rs/argon2'
import * as OTPAuth from 'otpauth'
import { AGENCY, expect, query, signIn, test } from './helpers'

// A second factor (issue 24): a staff member sets up an authenticator app from the sign-in
// security page, and signing in then asks for its code (or a recovery code).
test('a staff member sets up an authenticator app and signs in with it', async ({ page, browser }) => {
  const email = `two-factor-${Date.now().toString(36)}@oshc.local`
  const password = 'Two-Factor-Passw0rd!'
  const [identity] = await query<{ id: number }>(
    `INSERT INTO identities (email, kind, password_hash) VALUES ($1, 'Oshc', $2) RETURNING id`,
    [email, await hash(password)],
  )
  await query(
    `INSERT INTO oshc_users (identity_id, first_name, last_name, email) VALUES ($1, 'Two', 'Factor', $2)`,
    [identity.id, email],
  )

  await signIn(page, email, password)
  await page.goto('/account/security')
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
  await expect(page.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible()
  const key = (await page.locator('code').first().textContent())!.trim()
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(key),
    label: email,
    issuer: 'OSHC Back Office',
  })
  await page.getByLabel('Code from the app').fill(totp.generate())
  await page.getByRole('button', { name: 'Confirm' }).click()
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  const recovery = (await codes.nth(0).textContent())!.trim()

  // A new browser: the password alone no longer signs in.
  const other = await browser.newContext()
  const second = await other.newPage()
  await signIn(second, email, password)
  await expect(second).toHaveURL(/\/login\/second-factor/)
  await second.getByLabel('Code').fill('000000')
  await second.getByRole('button', { name: 'Continue' }).click()
  await expect(second.getByText('The code is not correct').first()).toBeVisible()
  await second.getByLabel('Code').fill(recovery)
  await second.getByRole('button', { name: 'Continue' }).click()
  await expect(second).toHaveURL(/\/staff/)
  await expect(second.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await other.close()
})

// Step-up (issue 24): a money decision wants the second factor given in the last ten minutes. The
// page asks for a code in place and then sends the decision as it was pressed.
test('a finance staff member approves a bank-details change after giving a fresh code in place', async ({
  page,
  playwright,
  baseURL,
  browserErrors,
}) => {
  browserErrors.allow(
    /status of 401 \(Unauthorized\) \(http:\/\/localhost:\d+\/staff\/agencies\/bank-changes\.data\)$/,
    'the decision is refused until a fresh second factor is given (401, mfa_required)',
  )
  const email = `step-up-${Date.now().toString(36)}@oshc.local`
  const password = 'Step-Up-Passw0rd!'
  const [role] = await query<{ id: number }>(
    `SELECT r.id FROM oshc_roles r
       JOIN oshc_role_permissions rp ON rp.role_id = r.id
       JOIN oshc_permissions p ON p.id = rp.permission_id
      WHERE p.name = 'finance' ORDER BY r.id LIMIT 1`,
  )
  const [identity] = await query<{ id: number }>(
    `INSERT INTO identities (email, kind, password_hash) VALUES ($1, 'Oshc', $2) RETURNING id`,
    [email, await hash(password)],
  )
  await query(
    `INSERT INTO oshc_users (identity_id, first_name, last_name, email, role_id) VALUES ($1, 'Step', 'Up', $2, $3)`,
    [identity.id, email, role.id],
  )
  // The demo agency changes its payout account: a change waiting for a finance check.
  const [agency] = await query<{ id: number }>(
    `SELECT a.id FROM agencies a JOIN identities i ON i.id = a.identity_id WHERE i.email = $1`,
    [AGENCY.email],
  )
  const agencyApi = await playwright.request.newContext({ baseURL })
  const login = await agencyApi.post('/api/authentication/login', { data: AGENCY })
  const token = (await login.json()).data.token as string
  const change = await agencyApi.post(`/api/agencies/agency-management/updateAgencyBank/${agency.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      bank: 'Step-up Bank',
      bank_account_name: 'Demo Agency',
      account_number: '55550001',
      bsb: '062-000',
      is_gst_registered: false,
    },
  })
  expect(change.status(), await change.text()).toBe(200)
  await agencyApi.dispose()

  // An authenticator app set up now: the session has not given a code since it was opened.
  await signIn(page, email, password)
  await page.goto('/account/security')
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
  const key = (await page.locator('code').first().textContent())!.trim()
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(key),
    label: email,
    issuer: 'OSHC Back Office',
  })
  await page.getByLabel('Code from the app').fill(totp.generate())
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible()

  await page.goto('/staff/agencies/bank-changes')
  const pending = page.getByRole('listitem').filter({ hasText: 'Step-up Bank' })
  await pending.getByRole('button', { name: 'Approve' }).click()
  const prompt = page.getByRole('group', { name: 'Confirm it is you' })
  await expect(prompt).toBeVisible()
  await expect(page.getByText('Confirm it is you: enter a code from your authenticator app')).toBeVisible()
  const [before] = await query<{ account_number: string }>(
    'SELECT account_number FROM agency_bank_details WHERE agency_id = $1',
    [agency.id],
  )
  expect(before.account_number).not.toBe('55550001')
  // A wrong code is refused where it was typed; the decision is not sent.
  await prompt.getByLabel(/Code from your authenticator app/).fill('000000')
  await prompt.getByRole('button', { name: 'Confirm and continue' }).click()
  await expect(prompt.getByText('The code is not correct').first()).toBeVisible()
  // The enrolment used this step's code (each is taken once): the next step's, which a drifting
  // clock may show, is still accepted.
  await prompt
    .getByLabel(/Code from your authenticator app/)
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }))
  await prompt.getByRole('button', { name: 'Confirm and continue' }).click()
  await expect(page.getByText('Bank details verified').first()).toBeVisible()
  const [after] = await query<{ account_number: string }>(
    'SELECT account_number FROM agency_bank_details WHERE agency_id = $1',
    [agency.id],
  )
  expect(after.account_number).toBe('55550001')
})
