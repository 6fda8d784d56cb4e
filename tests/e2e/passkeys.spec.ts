import { hash } from '@node-rs/argon2'
import { expect, query, settle, signIn, signOut, test, toast } from './helpers'

// Passkeys as a second factor (issue 24), in Chromium with its virtual authenticator (the
// DevTools WebAuthn domain): a staff member adds a passkey on the sign-in security page, and the
// next sign-in asks for the second factor, which the passkey gives.
test('a staff member adds a passkey and signs in with it', async ({ page }) => {
  const email = `passkey-${Date.now().toString(36)}@oshc.local`
  const password = 'Pass-Key-Passw0rd!'
  const [identity] = await query<{ id: number }>(
    `INSERT INTO identities (email, kind, password_hash) VALUES ($1, 'Oshc', $2) RETURNING id`,
    [email, await hash(password)],
  )
  await query(
    `INSERT INTO oshc_users (identity_id, first_name, last_name, email) VALUES ($1, 'Pass', 'Key', $2)`,
    [identity.id, email],
  )
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })

  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/staff/)
  await page.goto('/account/security')
  await page.getByLabel('Passkey name').fill('Work laptop')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(toast(page, 'Passkey added')).toBeVisible()
  const list = page.getByRole('list', { name: 'Your passkeys' })
  await expect(list.getByText('Work laptop')).toBeVisible()
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  const [stored] = await query<{ credential_id: string; name: string }>(
    'SELECT credential_id, name FROM passkeys WHERE identity_id = $1',
    [identity.id],
  )
  expect(stored.name).toBe('Work laptop')
  expect(Buffer.from(stored.credential_id, 'base64url').toString('base64')).toBe(credentials[0].credentialId)

  await page.goto('/staff')
  await signOut(page)
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/login\/second-factor/)
  await page.getByRole('button', { name: 'Use a passkey' }).click()
  await expect(page).toHaveURL(/\/staff/)
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await settle(page)
  const [used] = await query<{ last_used_at: Date | null }>(
    'SELECT last_used_at FROM passkeys WHERE identity_id = $1',
    [identity.id],
  )
  expect(used.last_used_at).not.toBeNull()
  const [session] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sessions
     WHERE identity_id = $1 AND NOT second_factor_pending AND second_factor_at IS NOT NULL`,
    [identity.id],
  )
  expect(session.n).toBe(1)
})
