import { demoAgencyApi, expect, FINANCE, query, requestDemoTopup, signIn, STAFF, test } from './helpers'

// Bulk decisions in the inbox (issue 25): a finance clerk ticks several top-ups waiting for
// verification and rejects them together (the money never arrived); each goes through its own
// decision, so one decided meanwhile by someone else is refused alone, with the reason, and the
// others are done. (Rejected, not approved: the demo agency's balance stays as the later journeys
// expect it.)
test('finance reject several bank top-ups from the inbox in one go, with a result per top-up', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const agency = await demoAgencyApi(request)
  const ids: number[] = []
  const amounts = [111.11, 122.22, 133.33]
  for (const amount of amounts) {
    const key = `private/bulk-e2e-${Date.now().toString(36)}-${ids.length}.pdf`
    await query(
      `INSERT INTO files (key, folder, filename, content_type, size, agency_id, uploaded_at)
       VALUES ($1, 'private', 'receipt.pdf', 'application/pdf', 10, $2, now())`,
      [key, agency.agencyId],
    )
    ids.push(await requestDemoTopup(request, agency, amount, key))
  }

  await signIn(page, FINANCE.email, FINANCE.password)
  // Newest first (the inbox's own order is due first): the three just asked for lead the list.
  await page.goto('/staff/inbox?kind=topup&sort_key=opened_at&sort_direction=desc')
  const bar = page.getByRole('region', { name: 'Decide several' })
  await expect(bar).toBeVisible()
  // Another person rejects the last one meanwhile (the admin, through the API).
  // (A context of its own: the agency's session cookie must not ride along.)
  const adminApi = await playwright.request.newContext({ baseURL })
  const admin = await adminApi.post('/api/authentication/login', { data: STAFF })
  const adminToken = (await admin.json()).data.token as string
  // The three top-ups, each ticked by its amount.
  for (const amount of amounts) {
    const money = String(amount).replace('.', '\\.')
    await page.getByRole('checkbox', { name: new RegExp(`^Select: Approve top-up of \\D*${money} `) }).check()
  }
  const rejected = await adminApi.post('/api/oshc/finance-management/topUpReject', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { agencyId: agency.agencyId, top_up_id: ids[2], reason: 'Duplicate transfer' },
  })
  expect(rejected.status(), await rejected.text()).toBe(200)
  await adminApi.dispose()
  await bar.getByLabel('Reason (for a rejection)').fill('Transfer not received')
  await bar.getByRole('button', { name: 'Reject selected' }).click()
  const answer = bar.getByRole('status')
  await expect(answer).toContainText('2 decided, 1 refused.')
  await expect(answer).toContainText(`Top-up #${ids[0]}: done`)
  await expect(answer).toContainText(new RegExp(`Top-up #${ids[2]}: refused \\(.*REJECTED`))
  expect(
    await query('SELECT status, rejection_reason FROM agency_topups WHERE id = ANY($1) ORDER BY id', [ids]),
  ).toEqual([
    { status: 'REJECTED', rejection_reason: 'Transfer not received' },
    { status: 'REJECTED', rejection_reason: 'Transfer not received' },
    { status: 'REJECTED', rejection_reason: 'Duplicate transfer' },
  ])
})
