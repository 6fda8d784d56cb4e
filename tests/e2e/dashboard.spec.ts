import { expect, expectAccessible, query, signIn, test, AGENCY, STAFF } from './helpers'

test('staff read the dashboard: figures against the previous period, charts, tabs and the export', async ({
  page,
}) => {
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto('/staff/dashboard?start_date=2025-01-01&end_date=2026-12-31')
  await expect(page).toHaveTitle('Dashboard · OSHC Back Office')
  await expect(page.getByText('1 Jan 2025 – 31 Dec 2026, compared with')).toBeVisible()
  await expect(page.getByText('Policies sold')).toBeVisible()
  await expect(
    page.getByRole('img', { name: 'Premium by agency, top 10' }).locator('svg.recharts-surface').first(),
  ).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('link', { name: 'Policies', exact: true }).last().click()
  await expect(page).toHaveURL(/tab=policy/)
  await expect(page.getByRole('heading', { name: /Sales over time/ })).toBeVisible()
  await expect(
    page
      .getByRole('img', { name: /this period against the previous one/ })
      .locator('svg.recharts-surface')
      .first(),
  ).toBeVisible()
  await expect(page.getByRole('table', { name: 'Sales by insurer' })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('link', { name: 'Finance', exact: true }).last().click()
  await expect(page.getByText('Commission banked').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Commission funnel' })).toBeVisible()
  await expectAccessible(page)

  const download = await page.request.get(
    '/api/dashboard/getOshcDashboard?start_date=2025-01-01&end_date=2026-12-31&export_agency_performance=true',
  )
  expect(download.status()).toBe(200)
  expect((await download.text()).split('\r\n')[0]).toBe(
    'Agency,Agency id,Policies sold,Premium (AUD),Commission (AUD)',
  )
})

test("the agency's home shows its own sales against the weeks before, its certificates and its money", async ({
  page,
}) => {
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto('/agency')
  await expect(page.getByRole('heading', { name: 'Your sales' })).toBeVisible()
  await expect(page.getByText(/^Last 8 weeks: /)).toBeVisible()
  await expect(
    page
      .getByRole('img', { name: /this period against the previous one/ })
      .locator('svg.recharts-surface')
      .first(),
  ).toBeVisible()
  await expect(page.getByText('Buy now, pay later left')).toBeVisible()
  await expectAccessible(page)
})

test('a 30-day range plots 30 daily points in Australian dollars; a range without sales says so', async ({
  page,
}) => {
  const [{ last }] = await query<{ last: string }>(
    `SELECT to_char(max(day), 'YYYY-MM-DD') AS last FROM dashboard_days WHERE sold > 0`,
  )
  const end = new Date(`${last}T00:00:00Z`)
  const start = new Date(end.getTime() - 29 * 86_400_000).toISOString().slice(0, 10)
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(`/staff/dashboard?tab=policy&start_date=${start}&end_date=${last}`)
  const chart = page.getByRole('img', { name: /this period against the previous one/ })
  // This period's line has a dot per day: 30 of them.
  await expect(chart.locator('.recharts-line-dot')).toHaveCount(30)
  // The money axis: whole dollars with thousands separators.
  const ticks = (await chart.locator('text').allTextContents()).filter((t) => t.includes('$'))
  expect(ticks.length).toBeGreaterThan(1)
  for (const t of ticks) expect(t).toMatch(/^A\$\d{1,3}(,\d{3})*$/)

  await page.goto('/staff/dashboard?tab=policy&start_date=2020-01-01&end_date=2020-01-30')
  await expect(page.getByText('No sales in this period or the one before.')).toBeVisible()
  await expect(page.getByText('Nothing in this period.').first()).toBeVisible()
  await expectAccessible(page)
})
