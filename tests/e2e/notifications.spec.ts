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
  const first = `Bell check ${Date.now()}`
  const addNote = async (noteTitle: string) => {
    await staff.getByLabel('Title').fill(noteTitle)
    await staff.getByLabel('Note', { exact: true }).fill('Please look at this invoice.')
    await staff.getByRole('button', { name: 'Add note' }).click()
    await expect(staff.getByText(`Note: ${noteTitle}`)).toBeVisible()
  }
  await addNote(first)
  // No reload: the count arrives over the stream.
  await expect(bell).toHaveAttribute('data-unread', String(before + 1))
  // A second note on the same invoice while the first is unread is one thing to look at, not two
  // (issue 29): the bell's entry is replaced by the newest, the count stays.
  const title = `Second look ${Date.now()}`
  await addNote(title)
  await staffContext.close()
  await page.waitForTimeout(500)
  await expect(bell).toHaveAttribute('data-unread', String(before + 1))
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`)
  // The bell's menu shows the newest note, once; its full page lists it too.
  await bell.click()
  const menu = page.getByRole('region', { name: 'Latest notifications' })
  await expect(menu.getByRole('button', { name: new RegExp(title) })).toBeVisible()
  await expect(menu.getByRole('button', { name: new RegExp(first) })).toHaveCount(0)
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
  // "Mark all read" from the bell's menu empties the count. The system's own invoices no longer
  // notify the agency, so on a fresh system (this spec alone) nothing may be left: then the button
  // says so by being disabled.
  await page
    .getByRole('button', { name: /^Notifications, / })
    .first()
    .click()
  const markAll = page
    .getByRole('region', { name: 'Latest notifications' })
    .getByRole('button', { name: 'Mark all read' })
  if (before === 0) await expect(markAll).toBeDisabled()
  else await markAll.click()
  await expect(page.getByRole('button', { name: /^Notifications, / }).first()).toHaveAttribute(
    'data-unread',
    '0',
  )
})

test('a person chooses how a group of notifications is mailed, from the notifications page, and the choice is kept', async ({
  page,
}) => {
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto('/agency/notifications')
  await page.getByRole('link', { name: 'Mail settings' }).click()
  await expect(page).toHaveURL(/\/agency\/notifications\/settings$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Mail settings' })).toBeVisible()
  const promotions = page.getByLabel('Promotions')
  await expect(promotions).toHaveValue('DAILY')
  await expect(page.getByText('Includes: New promotion.')).toBeVisible()
  await expectAccessible(page)
  await promotions.selectOption({ label: 'No mail (bell only)' })
  await page
    .getByLabel('Messages, notes, tickets and enrolments')
    .selectOption({ label: 'In a daily digest' })
  await page.getByRole('button', { name: 'Save mail settings' }).click()
  await expect(page.getByText('Mail settings saved')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Promotions')).toHaveValue('NONE')
  await expect(page.getByLabel('Messages, notes, tickets and enrolments')).toHaveValue('DAILY')
  const stored = await query<{ event_group: string; delivery: string }>(
    `SELECT p.event_group, p.delivery::text AS delivery FROM notification_preferences p
     JOIN identities i ON i.id = p.identity_id WHERE i.email = $1 ORDER BY p.event_group`,
    [AGENCY.email],
  )
  expect(stored).toEqual(
    expect.arrayContaining([
      { event_group: 'promotions', delivery: 'NONE' },
      { event_group: 'messages', delivery: 'DAILY' },
    ]),
  )
  // Other specs expect the demo agency's defaults.
  await query(
    `DELETE FROM notification_preferences WHERE identity_id = (SELECT id FROM identities WHERE email = $1)`,
    [AGENCY.email],
  )
})
