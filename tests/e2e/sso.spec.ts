import { expect, test, type BrowserErrors } from './helpers'
import type { Page } from '@playwright/test'

// Staff single sign-on (issue 24): the company's OpenID provider (oidc-provider, started by the
// test runner at OIDC_ISSUER, 127.0.0.1:4780 by default) signs a person in; its development pages
// take any password.

const provider = (process.env.OIDC_ISSUER ?? 'http://127.0.0.1:4780').replace(/[.:/]/g, '\\$&')

/** At the provider: sign in as `email`, then allow the app to see the e-mail address. */
async function atProvider(page: Page, browserErrors: BrowserErrors, email: string) {
  browserErrors.allow(
    new RegExp(`\\(${provider}\\/favicon\\.ico\\)$|fonts\\.googleapis\\.com`),
    "the provider's development pages ask for a favicon it has not and a web font (no internet here)",
  )
  await page.goto('/login')
  await page.getByRole('link', { name: 'Sign in with your company account' }).click()
  await expect(page).toHaveURL(new RegExp(`^${provider}\\/interaction\\/`))
  await page.locator('input[name="login"]').fill(email)
  await page.locator('input[name="password"]').fill('at-the-provider')
  await page.locator('button[type="submit"]').click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

test('a staff member signs in through the company OpenID provider', async ({ page, browserErrors }) => {
  await atProvider(page, browserErrors, 'admin@oshc.local')
  await expect(page).toHaveURL(/localhost:\d+\/staff/)
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
})

test('someone the back office does not know is refused with a page saying why', async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(
    /status of 403 \(Forbidden\) \(http:\/\/localhost:\d+\/auth\/oidc\/callback\?/,
    'the refusal page answers 403, which Chromium logs',
  )
  await atProvider(page, browserErrors, 'stranger@insurer.test')
  await expect(page.getByRole('heading', { name: 'You could not be signed in' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('No staff account uses this e-mail address')
})
