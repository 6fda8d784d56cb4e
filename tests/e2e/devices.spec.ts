import { hash } from '@node-rs/argon2'
import { expect, expectAccessible, query, signIn, test, toast } from './helpers'

// Signed-in devices (issue 24): a person signed in on two browsers sees both on the devices page,
// this one marked, and signs the other out; the other browser is then signed out.
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

test('a person sees their two signed-in browsers and signs the other one out', async ({
  page,
  browser,
  browserErrors,
}) => {
  const email = `devices-${Date.now().toString(36)}@oshc.local`
  const password = 'Devices-Passw0rd!'
  const [identity] = await query<{ id: number }>(
    `INSERT INTO identities (email, kind, password_hash) VALUES ($1, 'Oshc', $2) RETURNING id`,
    [email, await hash(password)],
  )
  await query(
    `INSERT INTO oshc_users (identity_id, first_name, last_name, email) VALUES ($1, 'Two', 'Browsers', $2)`,
    [identity.id, email],
  )

  // The other browser: a Firefox on Windows, as its User-Agent says.
  const other = await browser.newContext({ userAgent: FIREFOX_WINDOWS })
  browserErrors.watch(other)
  const elsewhere = await other.newPage()
  await signIn(elsewhere, email, password)

  await signIn(page, email, password)
  await page.getByRole('link', { name: 'Signed-in devices' }).first().click()
  await expect(page).toHaveURL(/\/account\/devices$/)
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')
  await expect(devices).toHaveCount(2)
  const here = devices.filter({ hasText: 'This device' })
  await expect(here).toHaveCount(1)
  await expect(here).toContainText('Chrome')
  const firefox = devices.filter({ hasText: 'Firefox 133.0 on Windows 10' })
  await expect(firefox).toContainText('Password')
  await expect(firefox).toContainText('IP ')
  await expectAccessible(page)

  await firefox.getByRole('button', { name: 'Sign out' }).click()
  const question = page.getByRole('dialog', { name: 'Sign out Firefox 133.0 on Windows 10?' })
  await question.getByRole('button', { name: 'Sign out' }).click()
  await expect(toast(page, 'Device signed out')).toBeVisible()
  await expect(devices).toHaveCount(1)
  await expect(devices.first()).toContainText('This device')

  // The other browser's next request finds its session gone: it is sent to sign in.
  await elsewhere.goto('/account/devices')
  await expect(elsewhere).toHaveURL(/\/login/)
  await other.close()

  const left = await query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE identity_id = $1`, [
    identity.id,
  ])
  expect(left[0].n).toBe(1)
  const [revoked] = await query<{ kind: string }>(
    `SELECT kind FROM security_events WHERE identity_id = $1 ORDER BY id DESC LIMIT 1`,
    [identity.id],
  )
  expect(revoked.kind).toBe('session_revoked')
})
