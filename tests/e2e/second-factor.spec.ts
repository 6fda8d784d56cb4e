import { hash } from '@node-rs/argon2'
import * as OTPAuth from 'otpauth'
import { expect, query, signIn, test } from './helpers'

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
