import { expect, expectAccessible, FINANCE, query, signIn, signOut, STAFF, test, toast } from './helpers'

// Commission cap compliance (issue 25): the demo system caps OSHC commission at 12% from 1 July 2026,
// so its agency (Bupa at 12.50%) is listed above the cap. The admin proposes an OVHC cap, which
// changes nothing until a second person with finance confirms it (the proposer may not). OVHC only,
// dated far ahead, removed again at the end: no demo agency's rate or balance is touched.
const OVHC_DAY = '2035-01-01'

const clearOvhc = async () => {
  await query(
    `DELETE FROM commission_cap_events WHERE cap_id IN (SELECT id FROM commission_caps WHERE product_line = 'OVHC')`,
  )
  await query(`DELETE FROM commission_caps WHERE product_line = 'OVHC'`)
}

test('finance see the demo cap and the agency above it; an OVHC cap proposed by one person is confirmed by another', async ({
  page,
}) => {
  await clearOvhc()
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto('/staff/finance/verification')
  await page.getByRole('link', { name: 'Commission cap' }).click()
  await expect(page).toHaveURL(/\/staff\/finance\/commission-cap$/)
  const caps = page.getByRole('table', { name: 'Commission caps' })
  await expect(caps.getByRole('row').filter({ hasText: 'OSHC' })).toContainText('12.00% from 1 Jul 2026')
  await expect(caps.getByRole('row').filter({ hasText: 'OVHC' })).toContainText('No cap')
  const above = page.getByRole('table', { name: 'Agencies above the cap' })
  await expect(
    above.getByRole('row').filter({ hasText: 'Harbour Education Agency' }).filter({ hasText: 'Bupa' }),
  ).toContainText('0.50 points')
  await expectAccessible(page)

  await page.getByLabel('Product line').selectOption('OVHC')
  await page.getByLabel('Maximum commission rate (%)').fill('30')
  await page.getByLabel('Effective from (purchase date)').fill(OVHC_DAY)
  await page.getByRole('button', { name: 'Propose setting' }).click()
  await expect(toast(page, 'Commission cap proposed: another person with finance confirms it')).toBeVisible()
  await expect(
    page.getByText('You proposed this setting: another person with finance confirms it.'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Confirm OVHC setting' })).toHaveCount(0)
  await expect(caps.getByRole('row').filter({ hasText: 'OVHC' })).toContainText('No cap')
  await signOut(page)

  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto('/staff/finance/commission-cap')
  await page.getByRole('button', { name: 'Confirm OVHC setting' }).click()
  await expect(toast(page, 'Commission cap confirmed')).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Commission caps' }).getByRole('row').filter({ hasText: 'OVHC' }),
  ).toContainText('At most 30.00%')
  await expect(
    page.getByText(/OVHC · At most 30\.00% from 1 Jan 2035 · Confirmed by finance@oshc\.local/),
  ).toBeVisible()
  const [row] = await query<{ status: string; confirmed: string }>(
    `SELECT c.status, i.email AS confirmed FROM commission_caps c JOIN identities i ON i.id = c.confirmed_by_identity_id
     WHERE c.product_line = 'OVHC'`,
  )
  expect(row).toEqual({ status: 'ACTIVE', confirmed: FINANCE.email })
  await clearOvhc()
})
