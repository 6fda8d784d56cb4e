import { readFile } from 'node:fs/promises'
import {
  expect,
  expectAccessible,
  FINANCE,
  query,
  requestDemoPayout,
  signIn,
  signOut,
  STAFF,
  test,
} from './helpers'

// Payout batches (issue 25): finance gather a requested commission payout into a batch, a second
// person approves it, the bank file (ABA) is downloaded, and when the bank statement shows the
// file's debit the batch is paid: its payout approved by bank transfer through its workflow.
test('finance build a payout batch, another approves it, its ABA file downloads and its statement debit pays it', async ({
  page,
  request,
}) => {
  const payoutId = await requestDemoPayout(request, 'BATCH-E2E')

  // The admin builds the batch; the builder may not approve it.
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto('/staff/finance/payout-batches')
  await page.getByRole('checkbox', { name: new RegExp(`^Pay payout #${payoutId} of`) }).check()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Build batch' }).click()
  await expect(page).toHaveURL(/\/staff\/finance\/payout-batches\/\d+$/)
  const batchUrl = new URL(page.url()).pathname
  const batchId = Number(batchUrl.split('/').at(-1))
  await expect(page.getByText('You built this batch: another person approves it.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve batch' })).toHaveCount(0)
  await signOut(page)

  // A second person with finance approves it and downloads its bank file.
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto(batchUrl)
  await page.getByRole('button', { name: 'Approve batch' }).click()
  await expect(page.getByText('Batch approved: its bank file can be downloaded')).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download bank file (ABA)' }).click()
  const file = await downloading
  expect(file.suggestedFilename()).toBe(`payout-batch-${batchId}.aba`)
  const records = (await readFile((await file.path())!, 'ascii')).split('\r\n').filter(Boolean)
  expect(records.map((r) => [r[0], r.length])).toEqual([
    ['0', 120],
    ['1', 120],
    ['7', 120],
  ])
  expect(records[1].slice(62, 80).trim()).toBe(`PAYOUT ${payoutId}`)
  await page.reload()
  await expect(page.getByRole('heading', { name: new RegExp(`Payout batch #${batchId}`) })).toContainText(
    'Sent to the bank',
  )
  await signOut(page)

  // The bank statement shows the file's debit: the admin uploads it, the second person confirms it.
  const [batch] = await query<{ total_cents: string }>(
    'SELECT total_cents FROM payout_batches WHERE id = $1',
    [batchId],
  )
  const dollars = (Number(batch.total_cents) / 100).toFixed(2)
  const csv = [
    'Date,Description,Reference,Debit,Credit,Balance',
    `27/11/2026,DIRECT ENTRY PB-${batchId},,${dollars},,${(100000 - Number(dollars)).toFixed(2)}`,
  ].join('\n')
  await signIn(page, STAFF.email, STAFF.password)
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
  const row = page
    .getByRole('table', { name: 'Statement lines' })
    .getByRole('row')
    .filter({ hasText: `PB-${batchId}` })
  await expect(row).toContainText(`Payout batch #${batchId}`)
  await row.getByRole('button', { name: 'Confirm' }).click()
  await expect(row).toContainText('Confirmed')
  await page.goto(batchUrl)
  await expect(page.getByRole('heading', { name: new RegExp(`Payout batch #${batchId}`) })).toContainText(
    'Paid',
  )
  expect(
    await query('SELECT status, payment_type FROM commission_payouts WHERE id = $1', [payoutId]),
  ).toEqual([{ status: 'APPROVED', payment_type: 'BANK' }])
})
