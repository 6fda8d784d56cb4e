import {
  askToConfirm,
  expect,
  test,
  expectAccessible,
  shot,
  signIn,
  signOut,
  query,
  STAFF,
  AGENCY,
  FINANCE,
} from './helpers'

/** The policy whose commission the payout journey pays, and the clawback journey claws back. */
let paidOut: { id: number; ref: string } | undefined

test('an agency requests its banked commission and staff pay it by bank transfer through the payout workflow', async ({
  page,
}) => {
  // A banked commission on a policy in force with no process open (the after-sale journeys and
  // the demo data refund and amend others).
  const [target] = await query<{ id: number; ref: string }>(
    `SELECT p.id, p.ref FROM commissions c JOIN policies p ON p.id = c.policy_id
     JOIN agencies a ON a.id = p.agency_id
     WHERE a.email = $1 AND c.status IN ('COMMISSION_BANKED', 'COMMISSION_BANKED_AMENDMENT_ADJUSTED')
       AND p.status IN ('PAYMENT_APPROVED', 'CERTIFICATE_UPLOADED', 'CERTIFICATE_ISSUED')
       AND NOT EXISTS (SELECT 1 FROM amendments m WHERE m.policy_id = p.id AND m.is_open)
       AND NOT EXISTS (SELECT 1 FROM full_refunds r WHERE r.policy_id = p.id)
     ORDER BY p.id LIMIT 1`,
    [AGENCY.email],
  )
  expect(target, 'a banked commission of the demo agency').toBeTruthy()
  const policyRef = target.ref
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto('/agency/finance/commission')
  await page.getByRole('checkbox', { name: `Request the commission of ${policyRef}` }).check()
  await expect(page.getByText('Lines chosen').locator('..')).toContainText('1')
  const invoiceNo = `E2E-${Date.now()}`
  await page.getByLabel('Your invoice number').fill(invoiceNo)
  await expectAccessible(page)
  const ask = await askToConfirm(page.getByRole('button', { name: 'Request payout' }))
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
  await (
    await askToConfirm(page.getByRole('button', { name: 'Approve payout' }))
  )
    .getByRole('button', { name: 'Approve payout' })
    .click()
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
  paidOut = target
})

test('a clawback of paid-out commission: staff initiate it, the agency pays by bank transfer from its policy page, another staff member approves', async ({
  page,
}) => {
  expect(paidOut, 'the payout journey paid a commission out').toBeTruthy()
  const policy = paidOut!
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(`/staff/policies/${policy.id}/clawback`)
  await page.getByLabel('Premium to claw back (AUD)').fill('200')
  await (
    await askToConfirm(page.getByRole('button', { name: 'Initiate clawback' }))
  )
    .getByRole('button', { name: 'Initiate clawback' })
    .click()
  await expect
    .poll(
      async () =>
        (await query<{ status: string }>('SELECT status FROM clawbacks WHERE policy_id = $1', [policy.id]))[0]
          ?.status,
    )
    .toBe('INITIATED')
  const [claw] = await query<{ id: number; amount: number; rate: string }>(
    'SELECT id, clawback_commission_amount AS amount, commission_rate AS rate FROM clawbacks WHERE policy_id = $1',
    [policy.id],
  )
  // The server computed the commission part: round(premium x rate / 100).
  expect(Number(claw.amount)).toBe(Math.round((20_000 * Number(claw.rate)) / 100))

  await signOut(page)
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto(`/agency/policies/${policy.id}`)
  await expect(page.getByRole('heading', { name: 'Commission clawback' })).toBeVisible()
  await page.getByRole('link', { name: /^Pay clawback of A\$/ }).click()
  await page.waitForURL(`**/agency/finance/clawbacks?policy_id=${policy.id}`)
  await page.getByLabel('Pay by').selectOption('BANK')
  await page.getByLabel('Transfer proof (bank transfer only)').setInputFiles({
    name: 'clawback-transfer.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\nclawback transfer\n%%EOF'),
  })
  await expectAccessible(page)
  await (
    await askToConfirm(page.getByRole('button', { name: new RegExp(`^Pay A\\$.* on ${policy.ref}$`) }))
  )
    .getByRole('button', { name: /^Pay A\$/ })
    .click()
  await expect
    .poll(
      async () =>
        (await query<{ status: string }>('SELECT status FROM clawbacks WHERE id = $1', [claw.id]))[0].status,
    )
    .toBe('REQUESTED')

  // Maker-checker: the staff member who initiated it does not approve the payment.
  await signOut(page)
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto('/staff/finance/clawbacks?status=REQUESTED')
  // The agency's transfer proof opens from the list before the decision.
  const proof = page.waitForEvent('download')
  await page.getByRole('link', { name: `proof of clawback #${claw.id}` }).click()
  expect((await proof).suggestedFilename()).toBe('clawback-transfer.pdf')
  await (
    await askToConfirm(page.getByRole('button', { name: `Approve clawback on ${policy.ref}` }))
  )
    .getByRole('button', { name: 'Approve clawback' })
    .click()
  await expect
    .poll(
      async () =>
        (await query<{ status: string }>('SELECT status FROM clawbacks WHERE id = $1', [claw.id]))[0].status,
    )
    .toBe('COMPLETED')
  await shot(page, 'staff-clawback-approved')
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
