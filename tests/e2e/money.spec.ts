import { expect, test, expectAccessible, shot, signIn, signOut, query, STAFF, AGENCY } from './helpers'

test('an agency requests its banked commission and staff pay it by bank transfer through the payout workflow', async ({
  page,
}) => {
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto('/agency/finance/commission')
  const box = page.getByRole('checkbox', { name: /^Request the commission of / }).first()
  const policyRef = (await box.getAttribute('aria-label'))!.replace('Request the commission of ', '')
  await box.check()
  await expect(page.getByText('Lines chosen').locator('..')).toContainText('1')
  const invoiceNo = `E2E-${Date.now()}`
  await page.getByLabel('Your invoice number').fill(invoiceNo)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Request payout' }).click()
  const ask = page.getByRole('dialog')
  await expect(ask).toContainText('1 line')
  await ask.getByRole('button', { name: 'Request payout' }).click()
  await page.waitForURL('**/agency/finance/payouts')
  await expect(page.getByText(/Payout #\d+ requested/)).toBeVisible()
  await shot(page, 'agency-payout-requested')

  const [payout] = await query<{ id: number; status: string; total_amount: string }>(
    'SELECT id, status, total_amount FROM commission_payouts WHERE external_invoice_id = $1',
    [invoiceNo],
  )
  expect(payout.status).toBe('REQUESTED')
  const [before] = await query<{ balance: string }>(
    "SELECT balance FROM agency_balances WHERE agency_id = (SELECT id FROM agencies WHERE email = 'agency@demo.local')",
  )

  await signOut(page)
  await signIn(page, STAFF.email, STAFF.password)
  // The workflow opened the inbox task that leads to the payout.
  await page.goto(`/staff/inbox?search=${encodeURIComponent(`commission payout #${payout.id} `)}`)
  await expect(page.getByText(`Decide commission payout #${payout.id} of`).first()).toBeVisible()
  await page.goto(`/staff/finance/payouts/${payout.id}`)
  await expect(page.getByText(policyRef).first()).toBeVisible()
  await page.getByLabel('Payment method').selectOption('BANK')
  await page.getByLabel(/^Bank transfer proof/).setInputFiles({
    name: 'payout-transfer.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\ncommission payout transfer\n%%EOF'),
  })
  await page.getByRole('button', { name: 'Approve payout' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Approve payout' }).click()
  await expect(page.getByText(`Payout #${payout.id} approved`)).toBeVisible()
  await shot(page, 'staff-payout-approved')

  await expect
    .poll(
      async () =>
        (
          await query<{ status: string }>('SELECT status FROM commission_payouts WHERE id = $1', [payout.id])
        )[0].status,
    )
    .toBe('APPROVED')
  const commissions = await query<{ status: string }>(
    'SELECT c.status FROM commission_payout_items i JOIN commissions c ON c.id = i.commission_id WHERE i.payout_id = $1',
    [payout.id],
  )
  expect(commissions.map((c) => c.status)).toEqual(['PAID'])
  const [paid] = await query<{ payment_type: string; bank_document: string | null; invoice_status: string }>(
    `SELECT p.payment_type, p.bank_document, i.status AS invoice_status
     FROM commission_payouts p JOIN invoices i ON i.id = p.invoice_id WHERE p.id = $1`,
    [payout.id],
  )
  expect(paid).toMatchObject({ payment_type: 'BANK', invoice_status: 'PAID' })
  expect(paid.bank_document).toBeTruthy()
  // Paid by transfer: the agency balance does not move (other journeys rely on it staying empty).
  const [after] = await query<{ balance: string }>(
    "SELECT balance FROM agency_balances WHERE agency_id = (SELECT id FROM agencies WHERE email = 'agency@demo.local')",
  )
  expect(Number(after?.balance ?? 0)).toBe(Number(before?.balance ?? 0))
})

test('the books reconcile after the journeys before this one and the demo data', async ({ request }) => {
  const login = await request.post('/api/authentication/login', { data: STAFF })
  expect(login.status()).toBe(200)
  const token = (await login.json()).data.token as string
  const run = await request.post('/api/oshc/finance-management/runReconciliation', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(run.status(), await run.text()).toBe(200)
  const body = (await run.json()).data as { mismatch_count: number; mismatches: unknown[] }
  expect(body.mismatches).toEqual([])
  expect(body.mismatch_count).toBe(0)
})
