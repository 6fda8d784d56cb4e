import type { Locator, Page } from '@playwright/test'
import {
  AGENCY,
  askToConfirm,
  expect,
  expectAccessible,
  FINANCE,
  query,
  signIn,
  signOut,
  STAFF,
  test,
  toast,
} from './helpers'

// Issue 29, items 2 to 7 (item 5, the widget, is in usability-widget.spec.ts): what blocked a
// finance clerk and an agency in Chromium at 1366 px and on a 390 px phone. Each test signs in
// once and walks its checks at both widths where they apply.

const LAPTOP = { width: 1366, height: 800 }
const PHONE = { width: 390, height: 844 }

/** The bell's menu is opaque (a real popover colour) and lies inside the window. */
async function expectBellMenuReadable(page: Page) {
  await page
    .getByRole('button', { name: /^Notifications, / })
    .first()
    .click()
  const menu = page.getByRole('region', { name: 'Latest notifications' })
  await expect(menu).toBeVisible()
  const { background, left, right, width } = await menu.evaluate((el) => {
    const box = el.getBoundingClientRect()
    return {
      background: getComputedStyle(el).backgroundColor,
      left: box.left,
      right: box.right,
      width: window.innerWidth,
    }
  })
  expect(background, 'the menu hides the page under it').toBe('rgb(255, 255, 255)')
  expect(left).toBeGreaterThanOrEqual(0)
  expect(right).toBeLessThanOrEqual(width)
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
}

/** The list's table needs no sideways scrolling in its box. */
async function expectTableFits(table: Locator) {
  const [scrollWidth, clientWidth] = await table.evaluate((t) => [
    t.parentElement!.scrollWidth,
    t.parentElement!.clientWidth,
  ])
  expect(scrollWidth, 'the list scrolls sideways').toBeLessThanOrEqual(clientWidth)
}

/** On a phone each row is a card: the given parts of it are on screen, none cut off or covered. */
async function expectCard(page: Page, row: Locator, parts: Locator[]) {
  const card = await row.boundingBox()
  expect(card!.width).toBeLessThanOrEqual(PHONE.width)
  for (const part of parts) {
    await expect(part).toBeVisible()
    await part.scrollIntoViewIfNeeded()
    const box = (await part.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    // Nothing (a sticky column) lies over its middle.
    const covered = await part.evaluate((el) => {
      const r = el.getBoundingClientRect()
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      return !(hit && (el === hit || el.contains(hit) || hit.contains(el)))
    })
    expect(covered, `${await part.textContent()} is covered`).toBe(false)
  }
}

/** The control that decides an inbox task of each kind, on the page its link opens. */
const DECIDES: Record<string, (page: Page) => Locator> = {
  AGENCY_CONFIGURATION: (p) => p.getByRole('button', { name: 'Save configuration' }),
  AGENCY_AGREEMENT: (p) => p.getByRole('button', { name: /^Upload unsigned agreement|^Send agreement/ }),
  AGENCY_ACTIVATION: (p) => p.getByRole('button', { name: 'Activate portal' }),
  full_refund_initiate: (p) => p.getByRole('button', { name: 'Set refund amounts' }),
  full_refund_approve: (p) => p.getByRole('button', { name: 'Approve refund' }),
  amendment_confirm_premium_by_admin: (p) => p.getByRole('button', { name: 'Confirm premium' }),
  amendment_payment_approval: (p) => p.getByRole('button', { name: 'Approve', exact: true }),
  amendment_issue_certificate: (p) => p.getByRole('button', { name: 'Upload certificate' }),
}
/** The finance tasks decided in the task view itself (the bulk decisions' kinds). */
const DECIDED_IN_VIEW = ['policy_payment', 'topup', 'payout', 'bnpl']
/** The tasks whose own multi-step form the task view shows (a full refund's, an amendment's step). */
const FORM_IN_VIEW = [
  'full_refund_initiate',
  'full_refund_approve',
  'amendment_confirm_premium_by_admin',
  'amendment_payment_approval',
  'amendment_issue_certificate',
]

test('staff: the bell menu is readable, the inbox and payment verification fit a laptop and a phone, and every task opens its view and its form', async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP)
  await signIn(page, STAFF.email, STAFF.password)
  await expectBellMenuReadable(page)

  // A claimed task shows its owner and Release: still no sideways scroll at 1366 px.
  await page.goto('/staff/inbox')
  const tasks = page.getByRole('table')
  const first = tasks
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first()
  await first.getByRole('button', { name: /^Claim: / }).click()
  await expect(first.getByRole('button', { name: /^Release: / })).toBeVisible()
  await expectTableFits(tasks)
  await expect(first.getByText('Opened ')).toBeVisible()
  await expectAccessible(page)
  await first.getByRole('button', { name: /^Release: / }).click()
  await expect(first.getByRole('button', { name: /^Claim: / })).toBeVisible()

  await page.goto('/staff/finance/verification')
  const payments = page.getByRole('table', { name: 'Payment verification' })
  await expect(payments.getByRole('checkbox').first()).toBeVisible()
  await expectTableFits(payments)
  for (const list of ['outstanding', 'purchased']) {
    await page.goto(`/staff/finance/${list}`)
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible()
    await expectTableFits(page.getByRole('table'))
  }

  // Every open staff task opens its task view: a finance task is decided there, any other leads
  // on to the page holding the form that decides it.
  const open = await query<{ kind: string; link: string; subject: string }>(
    `SELECT DISTINCT ON (kind) kind, link, subject FROM tasks
     WHERE audience = 'staff' AND closed_at IS NULL ORDER BY kind, id`,
  )
  // The demo's amendment waits for staff to confirm its premium (db/seed/after-sale.ts).
  expect(open.map((t) => t.kind)).toContain('amendment_confirm_premium_by_admin')
  for (const task of open) {
    await page.goto(`/staff/inbox?search=${encodeURIComponent(task.subject)}`)
    await tasks.getByRole('link', { name: task.subject }).first().click()
    await expect(page).toHaveURL(/\/staff\/inbox\/\d+$/)
    await expect(page.getByText(task.subject).first(), task.kind).toBeVisible()
    if (DECIDED_IN_VIEW.includes(task.kind)) {
      await expect(page.getByRole('button', { name: 'Approve and next' }), task.kind).toBeVisible()
      continue
    }
    if (FORM_IN_VIEW.includes(task.kind)) {
      await expect(DECIDES[task.kind](page), task.kind).toBeVisible()
      continue
    }
    await page.getByRole('link', { name: 'Open the form' }).click()
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}${url.hash}` === task.link)
    const decides = DECIDES[task.kind]
    if (decides) await expect(decides(page).first(), task.kind).toBeVisible()
    else await expect(page.getByRole('heading', { level: 2 }).first(), task.kind).toBeVisible()
  }
  await page.setViewportSize(PHONE)
  await expectBellMenuReadable(page)
  await page.goto('/staff/finance/verification')
  const payment = payments
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first()
  await expectCard(page, payment, [
    payment.getByRole('checkbox', { name: /^Select policy / }),
    payment.getByRole('cell').filter({ hasText: /^A\$[\d,.]+$/ }),
    payment.getByRole('button', { name: /^Approve the payment of / }),
  ])
  await expectAccessible(page)
  await page.goto('/staff/inbox')
  const taskRows = await tasks
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .all()
  expect(taskRows.length).toBeGreaterThan(0)
  for (const row of taskRows) {
    await expectCard(page, row, [
      row.getByRole('link'),
      row.getByRole('cell').nth(1),
      row.getByRole('cell').nth(3).getByText(/\d{4}/),
      row.getByRole('button', { name: /^(Claim|Release): / }),
    ])
  }
  await expectAccessible(page)
})

test('both sides read one certificate state: never "not issued" on an issued policy, never "once paid" on a paid one', async ({
  page,
}) => {
  const [issued] = await query<{ id: number }>(
    `SELECT p.id FROM policies p JOIN agencies a ON a.id = p.agency_id
     WHERE a.email = $1 AND p.status = 'CERTIFICATE_ISSUED' ORDER BY p.id LIMIT 1`,
    [AGENCY.email],
  )
  const [paid] = await query<{ id: number }>(
    `SELECT id FROM policies WHERE status IN ('FULL_REFUND_REQUESTED', 'PAYMENT_APPROVED') ORDER BY status DESC, id LIMIT 1`,
  )
  const state = (p: Page) => p.locator('[data-certificate-state]')

  await page.setViewportSize(LAPTOP)
  await signIn(page, AGENCY.email, AGENCY.password)
  await expectBellMenuReadable(page)
  await page.setViewportSize(PHONE)
  await expectBellMenuReadable(page)
  await page.setViewportSize(LAPTOP)
  await page.goto(`/agency/policies/${issued.id}`)
  await expect(page.getByText('Certificate issued').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Certificates' })).toBeVisible()
  await expect(page.getByText(/once the insurer has issued it|· not issued/)).toHaveCount(0)
  await expect(state(page)).toBeVisible()
  const agencySays = await state(page).getAttribute('data-certificate-state')
  await signOut(page)

  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(`/staff/policies/${issued.id}`)
  // The same state on the staff side.
  await expect(state(page)).toHaveAttribute('data-certificate-state', agencySays!)
  await page.goto(`/staff/policies/${paid.id}`)
  await expect(page.getByText(/Payment approved|Full refund requested/).first()).toBeVisible()
  await expect(page.getByText('once the premium is paid')).toHaveCount(0)
})

test('approving a refund names the cancellation steps still open, and the policy page shows them as the next work', async ({
  page,
}) => {
  const [policy] = await query<{ id: number }>(
    `SELECT p.id FROM policies p JOIN full_refunds r ON r.policy_id = p.id
     WHERE r.status = 'REQUESTED' AND p.cancellation_request_status = 'REQUESTED_FOR_CANCELLATION'
     ORDER BY p.id LIMIT 1`,
  )
  expect(policy, 'a requested refund (db/seed/after-sale.ts)').toBeTruthy()
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(`/staff/policies/${policy.id}`)
  const steps = await page
    .getByRole('list', { name: 'Cancellation steps' })
    .getByRole('listitem')
    .filter({ hasText: 'Not done' })
    .evaluateAll((items) => items.map((li) => li.firstElementChild!.textContent!.trim()))
  expect(steps.length).toBeGreaterThan(0)
  // The refund's inbox task shows the refund's own form: the amounts are set there, and the
  // decision comes back to the task, now closed.
  const [task] = await query<{ id: number }>(
    `SELECT id FROM tasks WHERE workflow_id = $1 AND kind = 'full_refund_initiate' AND closed_at IS NULL`,
    [`full-refund-${policy.id}`],
  )
  await page.goto(`/staff/inbox/${task.id}`)
  await (
    await askToConfirm(page.getByRole('button', { name: 'Set refund amounts' }))
  )
    .getByRole('button', { name: 'Set amounts' })
    .click()
  await expect(toast(page, 'Refund amounts set')).toBeVisible()
  expect(new URL(page.url()).pathname).toBe(`/staff/inbox/${task.id}`)
  await expect(page.getByText('Outcome')).toBeVisible()
  await page.goto(`/staff/policies/${policy.id}`)
  await expect(page.getByRole('button', { name: 'Approve refund' })).toBeDisabled()
  await signOut(page)

  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto(`/staff/policies/${policy.id}`)
  const dialog = await askToConfirm(page.getByRole('button', { name: 'Approve refund' }))
  await expect(dialog).toContainText(`${steps.length} of ${steps.length} cancellation steps are not done`)
  for (const step of steps) await expect(dialog).toContainText(step)
  await dialog.getByRole('button', { name: /^Refund A\$/ }).click()
  const next = page.getByRole('region', { name: 'Next work: the cancellation' })
  await expect(next).toBeVisible({ timeout: 30_000 })
  await expect(next.getByRole('listitem')).toHaveText(steps)
  await expectAccessible(page)
})
