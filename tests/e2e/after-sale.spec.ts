import type { Page } from '@playwright/test'
import {
  AGENCY,
  askToConfirm,
  expect,
  expectAccessible,
  FINANCE,
  query,
  shot,
  signIn,
  signOut,
  STAFF,
  test,
  toast,
} from './helpers'

// The after-sale processes across both portals, each driven by its Temporal workflow: a full
// refund set up by one staff member and approved by another (maker-checker), and an amendment
// that raises the premium, paid by bank transfer, verified, and applied with the new certificate.
// The clawback journey follows the payout in money.spec.ts, which pays the commission it needs.

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n${name}\n%%EOF`),
})

/** A demo policy of the demo agency, by its student's e-mail (db/seed/demo.ts). */
async function demoPolicy(studentEmail: string) {
  const [p] = await query<{ id: number; ref: string }>(
    'SELECT p.id, p.ref FROM policies p JOIN customers c ON c.id = p.customer_id WHERE c.email = $1',
    [studentEmail],
  )
  expect(p, studentEmail).toBeTruthy()
  return p
}

const pollOne = (sql: string, params: unknown[]) =>
  expect.poll(async () => Object.values((await query(sql, params))[0] ?? {}).join(' '), { timeout: 30_000 })

async function as(page: Page, who: { email: string; password: string }) {
  await signOut(page).catch(() => undefined)
  await signIn(page, who.email, who.password)
}

test('full refund: the agency asks, one staff member sets the amounts, another approves by bank transfer', async ({
  page,
}) => {
  const policy = await demoPolicy('noah.kim@student.demo.local')

  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto(`/agency/policies/${policy.id}`)
  await page.getByLabel('Reason for the refund').fill('The student visa was refused')
  await page.getByLabel(/^Documents/).setInputFiles(pdf('visa-refusal.pdf'))
  await page.getByRole('button', { name: 'Request full refund' }).click()
  await expect(page.getByText('Your request is with the finance team')).toBeVisible()
  await pollOne('SELECT status FROM full_refunds WHERE policy_id = $1 ORDER BY id DESC LIMIT 1', [
    policy.id,
  ]).toBe('REQUESTED')

  // The workflow opened the staff task in the inbox.
  await as(page, STAFF)
  await page.goto(`/staff/inbox?search=${encodeURIComponent(policy.ref)}`)
  await expect(page.getByRole('link', { name: new RegExp(policy.ref) }).first()).toBeVisible()
  await page.goto(`/staff/policies/${policy.id}`)
  // The agency's document opens from the refund section (a download of the stored file).
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'visa-refusal.pdf' }).click()
  expect((await download).suggestedFilename()).toBe('visa-refusal.pdf')
  await (
    await askToConfirm(page.getByRole('button', { name: 'Set refund amounts' }))
  )
    .getByRole('button', { name: 'Set amounts' })
    .click()
  await expect(
    page.getByText('You set these amounts: another finance staff member approves them.'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve refund' })).toBeDisabled()
  await pollOne('SELECT status FROM full_refunds WHERE policy_id = $1 ORDER BY id DESC LIMIT 1', [
    policy.id,
  ]).toBe('INITIATED')
  await shot(page, 'staff-refund-initiated')

  await as(page, FINANCE)
  await page.goto(`/staff/policies/${policy.id}`)
  await page.getByLabel('Pay by').selectOption('BANK')
  await page.getByLabel('Transfer proof (bank transfer only)').setInputFiles(pdf('refund-transfer.pdf'))
  await expectAccessible(page)
  const confirm = await askToConfirm(page.getByRole('button', { name: 'Approve refund' }))
  await expect(confirm).toContainText('goes to the agency')
  await confirm.getByRole('button', { name: /^Refund A\$/ }).click()
  await pollOne(
    `SELECT r.status AS refund, p.status AS policy, c.status AS commission FROM full_refunds r JOIN policies p ON p.id = r.policy_id
     JOIN commissions c ON c.policy_id = p.id WHERE r.policy_id = $1 ORDER BY r.id DESC LIMIT 1`,
    [policy.id],
  ).toBe('COMPLETED FULL_REFUND_COMPLETED FULL_REFUNDED')
  const [refund] = await query<{ payment_url: string | null; receipt_id: string | null }>(
    'SELECT payment_url, receipt_id FROM full_refunds WHERE policy_id = $1 ORDER BY id DESC LIMIT 1',
    [policy.id],
  )
  expect(refund.payment_url).toBeTruthy()
  expect(refund.receipt_id).toBeTruthy()

  // The agency sees the outcome on its policy page.
  await as(page, AGENCY)
  await page.goto(`/agency/policies/${policy.id}`)
  await expect(page.getByText(refund.receipt_id!).first()).toBeVisible()
  await shot(page, 'agency-refund-completed')
})

test('amendment: the agency extends the cover, staff confirm, the agency accepts and pays by bank, staff verify and upload the new certificate', async ({
  page,
}) => {
  const policy = await demoPolicy('amara.mensah@student.demo.local')
  const [before] = await query<{ end_date: string; premium: number }>(
    "SELECT to_char(end_date, 'YYYY-MM-DD') AS end_date, premium FROM policies WHERE id = $1",
    [policy.id],
  )

  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto(`/agency/policies/${policy.id}/amendment`)
  await page.getByLabel('Cover end').fill('2029-08-31')
  await page.getByLabel('Note for our team').fill('The course was extended by a semester')
  await page.getByRole('button', { name: 'Request amendment' }).click()
  await pollOne('SELECT next_step FROM amendments WHERE policy_id = $1 AND is_open', [policy.id]).toBe(
    'CONFIRM_PREMIUM_BY_ADMIN',
  )
  const [opened] = await query<{ id: number; new_premium: number; payer: string }>(
    'SELECT id, new_premium, payer FROM amendments WHERE policy_id = $1 AND is_open',
    [policy.id],
  )
  expect(opened.payer).toBe('AGENCY')
  expect(Number(opened.new_premium)).toBeGreaterThan(Number(before.premium))

  // Staff confirm the premium from the amendment's inbox task: its view shows the step's form,
  // and the decision comes back to the task.
  await as(page, STAFF)
  await pollOne(
    `SELECT count(*) FROM tasks WHERE workflow_id = $1 AND kind = 'amendment_confirm_premium_by_admin' AND closed_at IS NULL`,
    [`amendment-${opened.id}`],
  ).toBe('1')
  const [task] = await query<{ id: number }>(
    `SELECT id FROM tasks WHERE workflow_id = $1 AND kind = 'amendment_confirm_premium_by_admin' AND closed_at IS NULL`,
    [`amendment-${opened.id}`],
  )
  await page.goto(`/staff/inbox/${task.id}`)
  await (
    await askToConfirm(page.getByRole('button', { name: 'Confirm premium' }))
  )
    .getByRole('button', { name: 'Confirm premium' })
    .click()
  await expect(toast(page, 'Premium confirmed')).toBeVisible({ timeout: 30_000 })
  expect(new URL(page.url()).pathname).toBe(`/staff/inbox/${task.id}`)
  await pollOne('SELECT next_step FROM amendments WHERE id = $1', [opened.id]).toBe(
    'CONFIRM_PREMIUM_BY_AGENCY',
  )

  await as(page, AGENCY)
  await page.goto(`/agency/policies/${policy.id}/amendment`)
  await (
    await askToConfirm(page.getByRole('button', { name: 'Accept premium' }))
  )
    .getByRole('button', { name: 'Accept premium' })
    .click()
  await expect(page.getByLabel('Payment method')).toBeVisible()
  await page.getByLabel('Payment method').selectOption('BANK')
  await page.getByLabel('Bank receipt (bank transfer only)').setInputFiles(pdf('amendment-transfer.pdf'))
  await (
    await askToConfirm(page.getByRole('button', { name: 'Pay', exact: true }))
  )
    .getByRole('button', { name: 'Pay', exact: true })
    .click()
  await expect(toast(page, 'Payment submitted for verification')).toBeVisible({ timeout: 30_000 })
  await pollOne('SELECT status FROM amendment_payments WHERE amendment_id = $1 ORDER BY id DESC LIMIT 1', [
    opened.id,
  ]).toBe('REQUESTED')
  await shot(page, 'agency-amendment-paid')

  await as(page, STAFF)
  await page.goto(`/staff/policies/${policy.id}/amendment`)
  await (
    await askToConfirm(page.getByRole('button', { name: 'Approve', exact: true }))
  )
    .getByRole('button', { name: 'Approve payment' })
    .click()
  await expect(toast(page, 'Payment approved')).toBeVisible({ timeout: 30_000 })
  await pollOne('SELECT next_step FROM amendments WHERE id = $1', [opened.id]).toBe('ISSUE_CERTIFICATE')
  await page.goto(`/staff/policies/${policy.id}/amendment`)
  await page.getByLabel('Certificate (PDF)').setInputFiles(pdf('amended-certificate.pdf'))
  await page.getByLabel('Membership number').fill('M-E2E-AMEND')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Upload certificate' }).click()
  await pollOne(
    `SELECT a.status, a.next_step, to_char(p.end_date, 'YYYY-MM-DD') AS end_date, p.premium = a.new_premium AS repriced
     FROM amendments a JOIN policies p ON p.id = a.policy_id WHERE a.id = $1`,
    [opened.id],
  ).toBe('CERTIFICATE_UPLOADED DONE 2029-08-31 true')
  // The workflow ended DONE and closed its tasks.
  await pollOne('SELECT count(*) FROM tasks WHERE workflow_id = $1 AND closed_at IS NULL', [
    `amendment-${opened.id}`,
  ]).toBe('0')
  await shot(page, 'staff-amendment-done')
})
