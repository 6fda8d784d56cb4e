import { readFile } from 'node:fs/promises'
import { expect, expectAccessible, FINANCE, query, signIn, signOut, STAFF, test, toast } from './helpers'

// Insurer remittances (issue 25): a remittance proposed by the admin waits for another person with
// finance, who approves it and downloads its statement; it joins a payout batch built by finance
// and approved by the admin, whose bank file pays it (REMIT <id>), and it turns paid when the
// batch's debit is confirmed on a bank statement. The set-up writes the month's figures straight
// into the journal (a policy's premium and the commission retained, given back the next month so
// no balance changes) and the remittance with the same figures, as a proposal would.
const PREMIUM = 150_000
const COMMISSION = 30_000
const AMOUNT = PREMIUM - COMMISSION

type Policy = { id: number; ref: string; insurer_id: number; insurer: string }

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number)
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
}

/** A posted transfer at `at` (as if recorded then), the accounts' running columns kept. */
async function journalRow(
  key: string,
  at: string,
  row: { amount: number; debit: string; credit: string; code: string; policyId: number },
) {
  await query(
    `WITH t AS (
       INSERT INTO money_transfers (debit_account_id, credit_account_id, amount, code, state, idempotency_key,
         actor, policy_id, created_at, decided_at)
       SELECT d.id, c.id, $1, $2, 'POSTED', $3, 'e2e', $4, $5::timestamptz, $5::timestamptz
         FROM money_accounts d, money_accounts c WHERE d.code = $6 AND c.code = $7
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING amount
     )
     UPDATE money_accounts a SET
       posted_debits = posted_debits + CASE WHEN a.code = $6 THEN t.amount ELSE 0 END,
       posted_credits = posted_credits + CASE WHEN a.code = $7 THEN t.amount ELSE 0 END
     FROM t WHERE a.code IN ($6, $7)`,
    [row.amount, row.code, key, row.policyId, at, row.debit, row.credit],
  )
}

/**
 * A month of 2019 without transfers or remittances (March on a fresh system; a later one when an
 * earlier run used it), its figures for one paid policy, and the admin's remittance of them.
 */
async function proposedRemittance() {
  const [{ month }] = await query<{ month: string }>(
    `SELECT to_char(m, 'YYYY-MM') AS month
       FROM generate_series('2019-03-01'::date, '2019-12-01'::date, interval '1 month') m
      WHERE NOT EXISTS (SELECT 1 FROM money_transfers t
                         WHERE t.decided_at >= m - interval '1 day' AND t.decided_at < m + interval '1 month 1 day')
        AND NOT EXISTS (SELECT 1 FROM insurer_remittances r WHERE r.month = m::date)
      ORDER BY m LIMIT 1`,
  )
  const [policy] = await query<Policy>(
    `SELECT p.id, p.ref, ip.id AS insurer_id, ip.name AS insurer
       FROM policies p JOIN insurance_providers ip ON ip.id = p.insurance_provider_id
       JOIN money_accounts a ON a.policy_id = p.id AND a.kind = 'policy_premium_received'
      ORDER BY p.id LIMIT 1`,
  )
  expect(policy, 'a paid policy of the demo').toBeTruthy()
  await query(
    `INSERT INTO money_accounts (code, kind) VALUES ('house:opening', 'house'), ('house:insurer', 'house')
     ON CONFLICT DO NOTHING`,
  )
  const received = `policy:${policy.id}:premium_received`
  const [at, back] = [`${month}-14T02:00:00Z`, `${nextMonth(month)}-14T02:00:00Z`]
  const key = `e2e-remittance-${month}`
  const row = { policyId: policy.id }
  await journalRow(`${key}-premium`, at, {
    ...row,
    amount: PREMIUM,
    debit: 'house:opening',
    credit: received,
    code: 'PREMIUM_PAID',
  })
  await journalRow(`${key}-commission`, at, {
    ...row,
    amount: COMMISSION,
    debit: 'house:insurer',
    credit: 'house:opening',
    code: 'COMMISSION_BANKED',
  })
  await journalRow(`${key}-premium-back`, back, {
    ...row,
    amount: PREMIUM,
    debit: received,
    credit: 'house:opening',
    code: 'REFUND',
  })
  await journalRow(`${key}-commission-back`, back, {
    ...row,
    amount: COMMISSION,
    debit: 'house:opening',
    credit: 'house:insurer',
    code: 'ADJUSTMENT',
  })
  const [{ id }] = await query<{ id: number }>(
    `INSERT INTO insurer_remittances (month, insurance_provider_id, status, policy_count, premium_cents,
       commission_cents, amount_cents, bsb, account_number, account_name, proposed_by_identity_id, proposed_at)
     SELECT $1::date, $2, 'PROPOSED', 1, $3, $4, $5, '062-000', '12345678', 'E2E INSURER', i.id, now()
       FROM identities i WHERE i.email = $6
     RETURNING id`,
    [`${month}-01`, policy.insurer_id, PREMIUM, COMMISSION, AMOUNT, STAFF.email],
  )
  return { id, month, policy }
}

test('finance approve an insurer remittance proposed by another, a payout batch pays it and its debit marks it paid', async ({
  page,
}) => {
  const { id, policy } = await proposedRemittance()
  const remittanceUrl = `/staff/finance/remittances/${id}`
  const heading = page.getByRole('heading', { name: new RegExp(`^Remittance #${id}:`) })

  // The admin sees it among the remittances and sets the insurer's account (a bad BSB is refused).
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto('/staff/finance/remittances')
  await expect(
    page
      .getByRole('table', { name: 'Insurer remittances' })
      .getByRole('row')
      .filter({ hasText: `#${id}` }),
  ).toContainText('Proposed')
  const insurerRow = page
    .getByRole('table', { name: "Insurers' bank accounts" })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Save account of ${policy.insurer}` }) })
  await insurerRow.getByLabel('BSB').fill('12-34')
  await insurerRow.getByLabel('Account number').fill('12345678')
  await insurerRow.getByLabel('Account name').fill('E2E INSURER')
  await insurerRow.getByRole('button', { name: `Save account of ${policy.insurer}` }).click()
  await expect(insurerRow.getByText('Enter the BSB as 6 digits (like 062-000)')).toBeVisible()
  await insurerRow.getByLabel('BSB').fill('062000')
  await insurerRow.getByRole('button', { name: `Save account of ${policy.insurer}` }).click()
  await expect(toast(page, 'Bank account saved')).toBeVisible()
  await expect(insurerRow).toContainText('E2E INSURER · BSB 062-000')
  await expectAccessible(page)

  // Its proposer may not approve it.
  await page.goto(remittanceUrl)
  await expect(heading).toContainText(policy.insurer)
  await expect(heading).toContainText('Proposed')
  await expect(
    page.getByText('You proposed this remittance: another person with finance approves it.'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve remittance' })).toHaveCount(0)
  await expect(
    page
      .getByRole('table', { name: 'Policies in this remittance' })
      .getByRole('row')
      .filter({ hasText: policy.ref }),
  ).toContainText('A$1,200.00')
  await expectAccessible(page)
  await signOut(page)

  // Another person with finance approves it and downloads the insurer's statement.
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto(remittanceUrl)
  await page.getByRole('button', { name: 'Approve remittance' }).click()
  await expect(toast(page, 'Remittance approved')).toBeVisible()
  await expect(heading).toContainText('Approved')
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Statement CSV' }).click()
  const statement = await readFile((await (await downloading).path())!, 'utf8')
  expect(statement).toContain(policy.ref)
  expect(statement).toContain(`Total,1 policies,,${PREMIUM},${COMMISSION},${AMOUNT}`)

  // Finance build a batch of it alone.
  await page.goto('/staff/finance/payout-batches')
  await page.getByRole('checkbox', { name: `Pay remittance #${id} to ${policy.insurer}` }).check()
  await page.getByRole('button', { name: 'Build batch' }).click()
  await expect(page).toHaveURL(/\/staff\/finance\/payout-batches\/\d+$/)
  const batchUrl = new URL(page.url()).pathname
  const batchId = Number(batchUrl.split('/').at(-1))
  await expect(toast(page, `Payout batch #${batchId} built: 1 line`)).toBeVisible()
  await signOut(page)

  // The admin approves the batch; its bank file pays the insurer under REMIT <id>.
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(batchUrl)
  await page.getByRole('button', { name: 'Approve batch' }).click()
  await expect(page.getByText('Batch approved: its bank file can be downloaded')).toBeVisible()
  const abaDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download bank file (ABA)' }).click()
  const file = await abaDownload
  expect(file.suggestedFilename()).toBe(`payout-batch-${batchId}.aba`)
  const records = (await readFile((await file.path())!, 'ascii')).split('\r\n').filter(Boolean)
  expect(records.map((r) => [r[0], r.length])).toEqual([
    ['0', 120],
    ['1', 120],
    ['7', 120],
  ])
  expect(records[1].slice(62, 80).trim()).toBe(`REMIT ${id}`)
  await page.reload()
  await expect(page.getByRole('heading', { name: new RegExp(`Payout batch #${batchId}`) })).toContainText(
    'Sent to the bank',
  )

  // The bank statement shows the file's debit: the admin uploads it, the other person confirms it.
  const [batch] = await query<{ total_cents: string }>(
    'SELECT total_cents FROM payout_batches WHERE id = $1',
    [batchId],
  )
  expect(Number(batch.total_cents)).toBe(AMOUNT)
  const dollars = (Number(batch.total_cents) / 100).toFixed(2)
  const csv = [
    'Date,Description,Reference,Debit,Credit,Balance',
    `27/11/2026,DIRECT ENTRY PB-${batchId},,${dollars},,${(100000 - Number(dollars)).toFixed(2)}`,
  ].join('\n')
  await page.goto('/staff/finance/statements')
  await page
    .getByLabel(/Statement file/)
    .setInputFiles({ name: `debit-${batchId}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: 'Upload statement' }).click()
  await expect(page).toHaveURL(/\/staff\/finance\/statements\/\d+$/)
  const statementUrl = new URL(page.url()).pathname
  await signOut(page)
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto(statementUrl)
  const line = page
    .getByRole('table', { name: 'Statement lines' })
    .getByRole('row')
    .filter({ hasText: `PB-${batchId}` })
  await expect(line).toContainText(`Payout batch #${batchId}`)
  await line.getByRole('button', { name: 'Confirm' }).click()
  await expect(line).toContainText('Confirmed')

  // The remittance is paid.
  await page.goto(remittanceUrl)
  await expect(heading).toContainText('Paid')
  expect(await query('SELECT status FROM insurer_remittances WHERE id = $1', [id])).toEqual([
    { status: 'PAID' },
  ])
})
