import { expect, test, signIn } from './helpers'

const ADMIN = { email: 'admin@oshc.local', password: 'Admin-Passw0rd!' }

test('inline scripts run by nonce only: no unsafe-inline, no policy violation, the page hydrates', async ({
  page,
}) => {
  // Record every Content-Security-Policy violation the browser reports.
  await page.addInitScript(() => {
    ;(window as unknown as { cspViolations: string[] }).cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    )
  })
  const first = await page.goto('/login')
  const csp = first!.headers()['content-security-policy']
  const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]
  expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/)
  expect(scriptSrc).not.toContain('unsafe-inline')

  // A fresh nonce per response.
  const second = await page.request.get('/login')
  expect(/'nonce-([^']+)'/.exec(second.headers()['content-security-policy'])![1]).not.toBe(
    /'nonce-([^']+)'/.exec(scriptSrc)![1],
  )

  // Every inline script carries the nonce of its response.
  const inline = await page.evaluate(() =>
    [...document.scripts].filter((s) => !s.src).map((s) => s.nonce ?? ''),
  )
  expect(inline.length).toBeGreaterThan(0)
  expect(inline.every((n) => n.length > 0)).toBe(true)

  // Hydrated: client-side navigation after sign-in works, and nothing was blocked.
  await signIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/staff/)
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  )
})
