import { expect, expectAccessible, signIn, test, query, STAFF, AGENCY } from './helpers'

test("a staff note on the agency's invoice raises the agency's bell without a reload, and the agency reads it", async ({
  page,
  browser,
}) => {
  const [invoice] = await query<{ id: number }>(
    `SELECT i.id FROM invoices i JOIN agencies a ON a.id = i.agency_id
     WHERE a.email = $1 ORDER BY i.id LIMIT 1`,
    [AGENCY.email],
  )
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto('/agency')
  const bell = page.getByRole('button', { name: /^Notifications, / }).first()
  await expect(bell).toBeVisible()
  const before = Number(await bell.getAttribute('data-unread'))
  // The page has opened its stream before anything happens elsewhere.
  await page.waitForTimeout(500)

  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await signIn(staff, STAFF.email, STAFF.password)
  await staff.goto(`/staff/finance/invoices/${invoice.id}`)
  const title = `Bell check ${Date.now()}`
  await staff.getByLabel('Title').fill(title)
  await staff.getByLabel('Note', { exact: true }).fill('Please look at this invoice.')
  await staff.getByRole('button', { name: 'Add note' }).click()
  await expect(staff.getByText(`Note: ${title}`)).toBeVisible()
  await staffContext.close()

  // No reload: the count arrives over the stream.
  await expect(bell).toHaveAttribute('data-unread', String(before + 1))
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`)
  // The bell's menu shows the note; its full page lists it too.
  await bell.click()
  const menu = page.getByRole('region', { name: 'Latest notifications' })
  await expect(menu.getByRole('button', { name: new RegExp(title) })).toBeVisible()
  await expectAccessible(page)
  await menu.getByRole('link', { name: 'See all notifications' }).click()
  await expect(page).toHaveURL(/\/agency\/notifications/)
  await expect(page).toHaveTitle('Notifications · Agency portal')
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByText('Unread')).toBeVisible()
  await expectAccessible(page)
  await row.getByRole('button', { name: /^Mark ".*" read$/ }).click()
  await expect(row.getByText('Read', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Notifications, / }).first()).toHaveAttribute(
    'data-unread',
    String(before),
  )
  // "Mark all read" from the bell's menu empties the count.
  await page
    .getByRole('button', { name: /^Notifications, / })
    .first()
    .click()
  await page
    .getByRole('region', { name: 'Latest notifications' })
    .getByRole('button', { name: 'Mark all read' })
    .click()
  await expect(page.getByRole('button', { name: /^Notifications, / }).first()).toHaveAttribute(
    'data-unread',
    '0',
  )
})
