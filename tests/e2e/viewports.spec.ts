import { type Page } from '@playwright/test'
import { expect, expectAccessible, signIn, test } from './helpers'

const STAFF = { email: 'admin@oshc.local', password: process.env.SEED_ADMIN_PASSWORD ?? 'Admin-Passw0rd!' }
const AGENCY = { email: 'agency@demo.local', password: 'Agency-Passw0rd!' }
const VIEWPORTS = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const

/** The navigation entries of the signed-in portal, read from its menu (the sheet on a phone). */
async function navEntries(page: Page, phone: boolean) {
  if (phone) {
    const menu = page.getByRole('button', { name: 'Menu', exact: true })
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    const sheet = page.getByRole('dialog', { name: 'Menu' })
    // Focus moves into the sheet; Escape closes it and gives focus back to the button.
    await expect(sheet.locator(':focus')).toHaveCount(1)
    const hrefs = await sheet
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
    await page.keyboard.press('Escape')
    await expect(sheet).toHaveCount(0)
    await expect(menu).toBeFocused()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    return hrefs
  }
  // No strip of links on a laptop-sized screen: the sidebar holds them.
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden()
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link')
  await expect(links.first()).toBeVisible()
  return links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
}

async function expectFits(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.scrollingElement!.scrollWidth,
    window.innerWidth,
  ])
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(innerWidth)
}

for (const viewport of VIEWPORTS) {
  for (const [portal, login] of [
    ['staff', STAFF],
    ['agency', AGENCY],
  ] as const) {
    test(`${portal} pages on a ${viewport.width} px ${viewport.name}: titled, no sideways scroll, accessible`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height })
      await signIn(page, login.email, login.password)
      const hrefs = await navEntries(page, viewport.name === 'phone')
      expect(hrefs.length).toBeGreaterThan(3)
      for (const href of hrefs.filter((h) => h.startsWith(`/${portal}`))) {
        await page.goto(href)
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
        // Every page names itself in the tab, not only the product.
        expect(await page.title(), href).toMatch(/^.+ · (OSHC Back Office|Agency portal)$/)
        await expectFits(page)
        await expectAccessible(page)
      }
    })
  }
}

test('an unknown address keeps the staff navigation and a way back, without hydration errors', async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(
    /Failed to load resource: the server responded with a status of 404 .*\/staff\/no-such-page/,
    'the page under test answers 404 on purpose',
  )
  await signIn(page, STAFF.email, STAFF.password)
  const response = await page.goto('/staff/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agencies' }),
  ).toBeVisible()
  await expect(page.getByText(/No route matches/)).toHaveCount(0)
  expect(await page.title()).toBe('Page not found · OSHC Back Office')
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Back to the inbox' }).click()
  await expect(page).toHaveURL(/\/staff\/inbox$/)
})

test('an unknown address outside the portals is a branded page, with the navigation when signed in', async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(
    /Failed to load resource: the server responded with a status of 404 .*\/no-such-page/,
    'the page under test answers 404 on purpose',
  )
  const signedOut = await page.goto('/no-such-page')
  expect(signedOut?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'OSHC Back Office' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  await expectAccessible(page)

  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Policies' }),
  ).toBeVisible()
})
