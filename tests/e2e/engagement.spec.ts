import { expect, expectAccessible, signIn, test, AGENCY, STAFF } from './helpers'

/** A valid 1 x 1 PNG. */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

test('staff publish a promotion the agency reads; the agency reports a ticket, staff move it and answer', async ({
  page,
  browser,
}) => {
  const title = `Spring offer ${Date.now()}`
  const today = new Date().toISOString().slice(0, 10)
  const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto('/staff/promotions')
  await expect(page).toHaveTitle('Promotions · OSHC Back Office')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Publish on').fill(today)
  await page.getByLabel('Ends on').fill(later)
  await page.getByLabel('Status').selectOption('PUBLISHED')
  await page
    .getByLabel('Description')
    .fill('<p>Ten percent off <strong>nib</strong><script>alert(1)</script></p>')
  // The thumbnail is an image file, uploaded to the public folder.
  await page.getByLabel('Thumbnail (optional)').setInputFiles({
    name: 'spring.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PIXEL_PNG, 'base64'),
  })
  await page.getByRole('button', { name: 'Save promotion' }).click()
  await expect(page.getByRole('row').filter({ hasText: title }).getByText('Published')).toBeVisible()
  await expectAccessible(page)

  const agencyContext = await browser.newContext()
  const agency = await agencyContext.newPage()
  await signIn(agency, AGENCY.email, AGENCY.password)
  await agency.goto('/agency/promotions')
  const card = agency.getByRole('listitem').filter({ hasText: title })
  await expect(card.locator('strong', { hasText: 'nib' })).toBeVisible()
  await expect(card.locator('script')).toHaveCount(0)
  // The agency sees the image itself (it loaded: a 1 x 1 picture).
  const image = card.locator('img')
  await expect(image).toHaveAttribute('src', /\/files\/download\/public\//)
  await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(1)
  await expectAccessible(agency)
  await agency.goto('/agency')
  await expect(agency.getByRole('link', { name: title })).toBeVisible()

  const ticket = `Export is empty ${Date.now()}`
  await agency.goto('/agency/feedback')
  await agency.getByLabel('Title').fill(ticket)
  await agency.getByLabel('Type').selectOption('BUG')
  await agency.getByLabel('What happened, or what would help').fill('The CSV has only a header row.')
  await agency.getByRole('button', { name: 'Report ticket' }).click()
  await expect(agency).toHaveURL(/\/agency\/feedback\/\d+$/)
  const ticketId = agency.url().split('/').pop()

  await page.goto('/staff/feedback')
  const backlog = page.getByRole('region', { name: /^Backlog/ })
  await expect(backlog.getByRole('link', { name: new RegExp(ticket) })).toBeVisible()
  await backlog.getByRole('button', { name: `Move #${ticketId} to To do` }).click()
  await expect(
    page.getByRole('region', { name: /^To do/ }).getByRole('link', { name: new RegExp(ticket) }),
  ).toBeVisible()
  await expectAccessible(page)
  await page.goto(`/staff/feedback/${ticketId}`)
  await page.getByLabel('Add a comment').fill('Thanks, we are on it.')
  await page.getByRole('button', { name: 'Post comment' }).click()
  await expect(page.getByText('Thanks, we are on it.').first()).toBeVisible()

  await agency.reload()
  await expect(agency.getByText('Thanks, we are on it.')).toBeVisible()
  await expect(agency.getByText('To do', { exact: true })).toBeVisible()
  await expectAccessible(agency)
  await agencyContext.close()
})
