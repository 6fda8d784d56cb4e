import { hash } from '@node-rs/argon2'
import { expect, expectAccessible, query, signIn, signOut, STAFF, test, toast } from './helpers'

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

// The security log (issue 24): a user manager finds a person's sign-ins and failures, and
// exports what the filters show as CSV.
test('a user manager reads the security log of one person and exports it', async ({ page }) => {
  const email = `logged-${Date.now().toString(36)}@oshc.local`
  const password = 'Logged-Passw0rd!'
  const [identity] = await query<{ id: number }>(
    `INSERT INTO identities (email, kind, password_hash) VALUES ($1, 'Oshc', $2) RETURNING id`,
    [email, await hash(password)],
  )
  await query(
    `INSERT INTO oshc_users (identity_id, first_name, last_name, email) VALUES ($1, 'In', 'Log', $2)`,
    [identity.id, email],
  )
  // A sign-in, then a wrong password (through the API: a right one right after would wait out the
  // growing delay of a failure).
  await signIn(page, email, password)
  await signOut(page)
  const refused = await page.request.post('/api/authentication/login', {
    data: { email, password: 'Not-The-Passw0rd!' },
  })
  expect(refused.status()).toBe(401)

  await signIn(page, STAFF.email, STAFF.password)
  await page.getByRole('link', { name: 'Security log' }).first().click()
  await expect(page.getByRole('heading', { name: 'Security log' }).first()).toBeVisible()
  await page.getByLabel('Person (e-mail)').fill(email)
  await page.getByRole('button', { name: 'Apply' }).click()
  const rows = page.getByRole('table', { name: 'Security log' }).locator('tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Sign-in failed')
  await expect(rows.nth(0)).toContainText('wrong_password')
  await expect(rows.nth(1)).toContainText('Signed in')
  await expectAccessible(page)

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const csv = await (await download).createReadStream()
  let text = ''
  for await (const chunk of csv) text += chunk.toString()
  const lines = text.trim().split('\r\n')
  expect(lines[0]).toBe('Time (UTC),Event,Kind,Email,Method,IP,Device,User-Agent,Detail')
  expect(lines).toHaveLength(3)
})
