import { expect, expectAccessible, signIn, test, query, STAFF, AGENCY } from './helpers'

test('the inbox names who claimed a task, and tells its age and how overdue it is', async ({ page }) => {
  const [task] = await query<{ id: number; subject: string }>(
    `UPDATE tasks SET opened_at = now() - interval '3 days', due_at = now() - interval '5 hours', assignee_id = NULL
     WHERE id = (SELECT id FROM tasks WHERE audience = 'staff' AND closed_at IS NULL ORDER BY id LIMIT 1)
     RETURNING id, subject`,
  )
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(`/staff/inbox?search=${encodeURIComponent(task.subject)}`)
  const row = page.getByRole('row').filter({ hasText: task.subject }).first()
  await expect(row.getByText('Opened 3 d ago')).toBeVisible()
  await expect(row.getByText('Overdue by 5 h')).toBeVisible()
  await row.getByRole('button', { name: `Claim: ${task.subject}` }).click()
  await expect(row.getByText('You', { exact: true })).toBeVisible()
  await expect(row.getByRole('button', { name: `Release: ${task.subject}` })).toBeVisible()
  // The kinds a finance desk decides on are filters too.
  await expect(page.getByLabel('Kind').locator('option')).toContainText(['Policy payment', 'Top-up'])
  await expectAccessible(page)
  await row.getByRole('button', { name: `Release: ${task.subject}` }).click()
  await expect(row.getByRole('button', { name: `Claim: ${task.subject}` })).toBeVisible()
})

test('the agency home lists what waits for the agency, and the payment page says what the balance cannot pay', async ({
  page,
}) => {
  const [unpaid] = await query<{ id: number; ref: string; n: number }>(
    `SELECT p.id, p.ref, count(*) OVER ()::int AS n FROM policies p JOIN agencies a ON a.id = p.agency_id
     WHERE a.email = $1 AND p.status = 'INITIATED' AND NOT p.is_archived ORDER BY p.id`,
    [AGENCY.email],
  )
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto('/agency')
  const toPay = page.getByRole('link', { name: new RegExp(`${unpaid.n} polic(y|ies) to pay`) })
  await expect(toPay).toBeVisible()
  await expect(page.getByText('Nothing is waiting for you.')).toHaveCount(0)
  await toPay.click()
  await expect(page).toHaveURL(/\/agency\/policies\?status=INITIATED$/)
  await expect(page.getByRole('link', { name: unpaid.ref })).toBeVisible()

  await page.goto(`/agency/policies/${unpaid.id}/pay`)
  const [{ balance }] = await query<{ balance: string }>(
    `SELECT coalesce((SELECT balance FROM agency_balances b JOIN agencies a ON a.id = b.agency_id WHERE a.email = $1), 0) AS balance`,
    [AGENCY.email],
  )
  // The demo agency starts with an empty balance (no spec tops it up).
  expect(Number(balance)).toBe(0)
  await expect(page.getByRole('button', { name: /from balance$/ })).toBeDisabled()
  await expect(page.getByText(/Your balance A\$0\.00 does not cover A\$[\d,]+\.\d\d/)).toBeVisible()
  // A bank transfer names the account and the reference to quote.
  await expect(page.getByText('Account number')).toBeVisible()
  await expect(page.getByText(unpaid.ref, { exact: true }).first()).toBeVisible()
  await expectAccessible(page)
})
