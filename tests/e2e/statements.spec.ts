import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, expectAccessible, FINANCE, query, signIn, signOut, STAFF, test, AGENCY } from './helpers'

// Bank statements (issue 25): a bank transfer an agency made for a policy is found on the bank's
// statement by the reference it quoted and its amount; finance confirm the exact matches in bulk
// and the policy is paid. Whoever uploaded the statement does not confirm it alone.
const pdf = {
  name: 'transfer.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n% transfer\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
}

/** An agency policy paid by bank transfer, waiting for finance to see the money arrive. */
async function waitingBankPolicy(page: Page, request: APIRequestContext) {
  const login = await request.post('/api/authentication/login', { data: AGENCY })
  const token = (await login.json()).data.token as string
  const [au] = await query<{ id: number }>("SELECT id FROM countries WHERE iso2 = 'AU'")
  const last = `Statement${Date.now().toString(36)}`
  const created = await request.post('/api/agencies/policy-management/createStudentDetails', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      customer: {
        title: 'Ms',
        first_name: 'Bank',
        last_name: last,
        email: `${last.toLowerCase()}@example.test`,
        dob: '2005-03-04',
        country: au.id,
        has_accepted_terms: true,
        is_primary_visa_holder_and_eligible_to_apply: true,
        passport_number: `PS${Date.now()}`,
        education_institute: 'University of Sydney',
      },
      partner: null,
      family_members: [],
      policy: {
        insurance_provider_id: 1,
        policy_type: 'SINGLE',
        start_date: '2027-02-01',
        end_date: '2028-01-31',
      },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const policyId = (await created.json()).data.policyId as number
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto(`/agency/policies/${policyId}/pay`)
  await page.getByLabel('Proof of transfer').setInputFiles(pdf)
  await page.getByRole('button', { name: 'Submit bank payment' }).click()
  await expect(page).toHaveURL(new RegExp(`/agency/policies/${policyId}$`))
  const [due] = await query<{ ref: string; amount: string }>(
    `SELECT p.ref, pp.amount FROM policies p JOIN policy_premium_payments pp ON pp.policy_id = p.id
      WHERE p.id = $1 AND pp.status = 'REQUESTED'`,
    [policyId],
  )
  const dollars = (Number(due.amount) / 100).toFixed(2)
  await signOut(page)

  return { policyId, ref: due.ref, dollars }
}

/** Uploads a statement of `rows` (after the header) as the admin: the statement's page path. */
async function uploadStatement(page: Page, rows: string[]) {
  const csv = ['Date,Description,Reference,Debit,Credit,Balance', ...rows].join('\n')
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto('/staff/finance/statements')
  await page
    .getByLabel(/Statement file/)
    .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: 'Upload statement' }).click()
  await expect(page).toHaveURL(/\/staff\/finance\/statements\/\d+$/)
  return new URL(page.url()).pathname
}

test('finance upload a bank statement, confirm its exact matches in bulk and see the policy paid', async ({
  page,
  request,
}) => {
  // The statement: the transfer quoting the policy's reference, and a line that is not ours.
  const { policyId, ref, dollars } = await waitingBankPolicy(page, request)
  const statementUrl = await uploadStatement(page, [
    `26/11/2026,TRANSFER FROM HARBOUR EDUCATION,${ref},,${dollars},${(Number(dollars) + 1000).toFixed(2)}`,
    '26/11/2026,BANK FEE,,2.50,,997.50',
  ])
  const lines = page.getByRole('table', { name: 'Statement lines' })
  await expect(lines.getByRole('row').filter({ hasText: ref })).toContainText(/exact/i)
  await signOut(page)

  // A second person confirms (the uploader may not confirm alone).
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto(statementUrl)
  await page.getByRole('button', { name: /^Confirm \d+ exact match/ }).click()
  await expect(page.getByRole('status').filter({ hasText: /confirmed, 0 refused/ })).toBeVisible()
  expect(await query('SELECT status FROM policies WHERE id = $1', [policyId])).toEqual([
    { status: 'PAYMENT_APPROVED' },
  ])
  await expect(lines.getByRole('row').filter({ hasText: ref })).toContainText(/confirmed/i)
})

test('finance assign a line whose reference was mistyped, then confirm it', async ({ page, request }) => {
  const { policyId, ref, dollars } = await waitingBankPolicy(page, request)
  const statementUrl = await uploadStatement(page, [
    `27/11/2026,TRANSFER FROM HARBOUR EDUCATION,PO1 TYPO,,${dollars},${(Number(dollars) + 2000).toFixed(2)}`,
  ])
  await signOut(page)
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto(statementUrl)
  const row = page
    .getByRole('table', { name: 'Statement lines' })
    .getByRole('row')
    .filter({ hasText: 'PO1 TYPO' })
  await row.getByLabel(/^Reference of what line \d+ pays$/).fill('NO-SUCH-REF')
  await row.getByRole('button', { name: 'Assign' }).click()
  await expect(row.getByText('Nothing waits for a bank transfer under NO-SUCH-REF')).toBeVisible()
  await row.getByLabel(/^Reference of what line \d+ pays$/).fill(ref)
  await row.getByRole('button', { name: 'Assign' }).click()
  await expect(row).toContainText('Assigned')
  await expect(row).toContainText(`Policy ${ref}`)
  await expectAccessible(page)
  await row.getByRole('button', { name: 'Confirm' }).click()
  await expect(row).toContainText('Confirmed')
  expect(await query('SELECT status FROM policies WHERE id = $1', [policyId])).toEqual([
    { status: 'PAYMENT_APPROVED' },
  ])
})

test('finance split a transfer that paid two policies and confirm each part', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const first = await waitingBankPolicy(page, request)
  // A second API session of its own: the first one's cookie would make its login a cross-site post.
  const fresh = await playwright.request.newContext({ baseURL })
  const second = await waitingBankPolicy(page, fresh)
  await fresh.dispose()
  const total = (Number(first.dollars) + Number(second.dollars)).toFixed(2)
  const statementUrl = await uploadStatement(page, [
    `28/11/2026,HARBOUR EDUCATION TWO STUDENTS,,,${total},${(Number(total) + 3000).toFixed(2)}`,
  ])
  await signOut(page)
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto(statementUrl)
  const lines = page.getByRole('table', { name: 'Statement lines' })
  // Its parts will read alike: the line is held by its id.
  const rowId = await lines.getByRole('row').filter({ hasText: 'TWO STUDENTS' }).getAttribute('id')
  const row = page.locator(`#${rowId}`)
  await row.getByText('Split', { exact: true }).click()
  await row.getByLabel('Part 1 reference').fill(first.ref)
  await row.getByLabel('Part 1 amount').fill(first.dollars)
  await row.getByLabel('Part 2 reference').fill(second.ref)
  await row.getByLabel('Part 2 amount').fill('1.00')
  await row.getByRole('button', { name: 'Split line' }).click()
  await expect(row.getByText(/^The parts add up to A\$[\d,.]+; the line is A\$/)).toBeVisible()
  await row.getByLabel('Part 2 amount').fill(second.dollars)
  await row.getByRole('button', { name: 'Split line' }).click()
  await expect(row).toContainText('Split into parts')
  for (const p of [first, second]) {
    const part = lines.getByRole('row').filter({ hasText: `Policy ${p.ref}` })
    await expect(part).toContainText('Assigned')
    await part.getByRole('button', { name: 'Confirm' }).click()
    await expect(part).toContainText('Confirmed')
  }
  await expectAccessible(page)
  expect(
    await query('SELECT status FROM policies WHERE id IN ($1, $2) ORDER BY id', [
      first.policyId,
      second.policyId,
    ]),
  ).toEqual([{ status: 'PAYMENT_APPROVED' }, { status: 'PAYMENT_APPROVED' }])
})

test('finance take a transfer short of the premium as a part payment, and the rest completes it', async ({
  page,
  request,
}) => {
  const { policyId, ref, dollars } = await waitingBankPolicy(page, request)
  const part = (Number(dollars) - 50).toFixed(2)
  const first = await uploadStatement(page, [
    `28/11/2026,TRANSFER FROM HARBOUR EDUCATION,${ref},,${part},${(Number(part) + 3000).toFixed(2)}`,
  ])
  await signOut(page)
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto(first)
  const row = page.getByRole('table', { name: 'Statement lines' }).getByRole('row').filter({ hasText: ref })
  await expect(row).toContainText('Proposed')
  await expect(row).toContainText(/Short by \S*50\.00: confirming takes it as a part payment/)
  await row.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Part payment recorded')).toBeVisible()
  await expect(row).toContainText('Confirmed')
  expect(
    await query(
      `SELECT p.status, pp.received_amount::int AS received_amount FROM policies p JOIN policy_premium_payments pp ON pp.policy_id = p.id
        WHERE p.id = $1 AND pp.status = 'REQUESTED'`,
      [policyId],
    ),
  ).toEqual([{ status: 'PURCHASED', received_amount: Math.round(Number(part) * 100) }])
  await signOut(page)
  // The agency sees what arrived and what is still due.
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto(`/agency/finance/payments?status_tab=Payment_Verification_Pending&search=${ref}`)
  await expect(page.getByRole('row').filter({ hasText: ref })).toContainText(/received, \S*50\.00 still due/)
  await signOut(page)

  // The rest arrives quoting the reference: an exact match of what is still due.
  const rest = await uploadStatement(page, [
    `29/11/2026,TRANSFER FROM HARBOUR EDUCATION,${ref},,50.00,${(Number(part) + 3050).toFixed(2)}`,
  ])
  await signOut(page)
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto(rest)
  const restRow = page
    .getByRole('table', { name: 'Statement lines' })
    .getByRole('row')
    .filter({ hasText: ref })
  await expect(restRow).toContainText('Exact match')
  await restRow.getByRole('button', { name: 'Confirm' }).click()
  await expect(restRow).toContainText('Confirmed')
  expect(await query('SELECT status FROM policies WHERE id = $1', [policyId])).toEqual([
    { status: 'PAYMENT_APPROVED' },
  ])
})

test('finance map the columns of a bank the presets do not know, once, and its statement is read', async ({
  page,
}) => {
  const account = `Harbour Credit Union ${Date.now().toString(36)}`
  const csv = Buffer.from(
    `Txn Dt,Particulars Text,Cust Ref,Money In,Acct ${account}\n26/11/2026,Transfer,HCU-1,45.60,\n`,
  )
  const file = { name: 'credit-union.csv', mimeType: 'text/csv', buffer: csv }
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto('/staff/finance/statements')
  await page.getByLabel(/Statement file/).setInputFiles(file)
  await page.getByRole('button', { name: 'Upload statement' }).click()
  await expect(page.getByText(/the header row has no column for/).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: "Map this bank's columns" })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('Bank account').fill(account)
  await page.getByLabel('Date column').selectOption('Txn Dt')
  await page.getByLabel('Description column').selectOption('Particulars Text')
  await page.getByLabel('Reference column').selectOption('Cust Ref')
  await page.getByLabel('Amount (signed) column').selectOption('Money In')
  await page.getByLabel('The statement file again').setInputFiles(file)
  await page.getByRole('button', { name: 'Save mapping and upload' }).click()
  await expect(page).toHaveURL(/\/staff\/finance\/statements\/\d+$/)
  const row = page
    .getByRole('table', { name: 'Statement lines' })
    .getByRole('row')
    .filter({ hasText: 'HCU-1' })
  await expect(row).toContainText('45.60')
  await page.goto('/staff/finance/statements')
  await expect(page.getByRole('table', { name: 'Saved column mappings' })).toContainText(account)
})

test('finance place what a transfer paid over the premium: one proposes crediting the agency, another approves', async ({
  page,
  request,
}) => {
  const { policyId, ref, dollars } = await waitingBankPolicy(page, request)
  const paid = (Number(dollars) + 25).toFixed(2)
  const statementUrl = await uploadStatement(page, [
    `30/11/2026,TRANSFER FROM HARBOUR EDUCATION,${ref},,${paid},${(Number(paid) + 4000).toFixed(2)}`,
  ])
  await signOut(page)
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto(statementUrl)
  const line = page.getByRole('table', { name: 'Statement lines' }).getByRole('row').filter({ hasText: ref })
  await expect(line).toContainText(/Over by \S*25\.00/)
  await line.getByRole('button', { name: 'Confirm' }).click()
  await expect(line).toContainText('Confirmed')
  await signOut(page)

  // The admin proposes crediting the agency the 25.00; nothing moves yet.
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto('/staff/finance/suspense')
  const item = page
    .getByRole('table', { name: 'Money in suspense' })
    .getByRole('row')
    .filter({ hasText: ref })
  await expect(item).toContainText(/25\.00/)
  await expect(item.getByLabel('What to do')).toHaveValue('CREDIT_AGENCY')
  await item.getByLabel('Reason').fill('The agency paid too much for this policy')
  await item.getByRole('button', { name: 'Propose' }).click()
  await expect(page.getByText('Proposed: another person with finance approves it')).toBeVisible()
  await expect(item).toContainText('You proposed it: another person approves it.')
  await expectAccessible(page)
  await signOut(page)

  // Finance approve it: the agency's balance gains it and the item is cleared.
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto('/staff/finance/suspense?state=all')
  await item.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Approved: the money has moved')).toBeVisible()
  await expect(item).toContainText('Cleared')
  // Posted once, as a credit on the agency's own balance ledger (other journeys move its balance too).
  expect(
    await query(
      `SELECT c.status, c.amount, e.type, e.transaction_amount::int AS credited
        FROM suspense_clearings c JOIN money_transfers t ON t.id = c.transfer_id
        JOIN agency_balance_transactions e ON e.agency_id = c.agency_id AND e.type = 'SUSPENSE_CREDIT'
        WHERE t.policy_id = $1`,
      [policyId],
    ),
  ).toEqual([{ status: 'APPROVED', amount: 2500, type: 'SUSPENSE_CREDIT', credited: 2500 }])
})
