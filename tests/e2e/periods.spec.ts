import { expect, expectAccessible, FINANCE, query, signIn, signOut, STAFF, test, toast } from './helpers'

// Closed periods (issue 25): the admin proposes a month with its trial balance, a second person
// with finance closes it (the proposer may not), the month shows closed with its pack; then one
// asks to reopen it with a reason and the other confirms. January 2019: no demo transfer is there.
const MONTH = '2019-01'
const PAGE = `/staff/finance/periods/${MONTH}`

test('finance propose a month, another person closes it, and reopening takes a reason and a second person', async ({
  page,
}) => {
  // A run stopped half-way leaves the month as it was: start from an open month.
  await query(
    `DELETE FROM accounting_period_events WHERE period_id IN (SELECT id FROM accounting_periods WHERE month = $1)`,
    [`${MONTH}-01`],
  )
  await query(`DELETE FROM accounting_periods WHERE month = $1`, [`${MONTH}-01`])

  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(PAGE)
  await expect(page.getByRole('heading', { name: /^January 2019/ })).toContainText('Open')
  await expect(page.getByRole('table', { name: 'Trial balance of January 2019' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Propose for closing' }).click()
  await expect(toast(page, 'Month proposed: another person with finance closes it')).toBeVisible()
  await expect(page.getByRole('heading', { name: /^January 2019/ })).toContainText('Proposed for closing')
  await expect(
    page.getByText('You proposed this month: another person with finance closes it.'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Close the month' })).toHaveCount(0)
  await signOut(page)

  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto(PAGE)
  await page.getByRole('button', { name: 'Close the month' }).click()
  await expect(toast(page, 'Month closed')).toBeVisible()
  await expect(page.getByRole('heading', { name: /^January 2019/ })).toContainText('Closed')
  await expect(page.getByRole('link', { name: 'CSV' }).first()).toBeVisible()
  await page.goto('/staff/finance/periods')
  await expect(page.getByRole('row').filter({ hasText: 'January 2019' })).toContainText('Closed')

  await page.goto(PAGE)
  await page.getByLabel('Why the month must be reopened').fill('E2E check: reopen after closing')
  await page.getByRole('button', { name: 'Request reopening' }).click()
  await expect(page.getByRole('heading', { name: /^January 2019/ })).toContainText('reopening requested')
  await expect(page.getByRole('button', { name: 'Confirm reopening' })).toHaveCount(0)
  await signOut(page)

  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(PAGE)
  await page.getByRole('button', { name: 'Confirm reopening' }).click()
  await expect(toast(page, 'Month reopened')).toBeVisible()
  await expect(page.getByRole('heading', { name: /^January 2019/ })).toContainText('Open')
  await expect(page.getByText(/Reopening requested by finance@oshc\.local · E2E check/)).toBeVisible()
})
