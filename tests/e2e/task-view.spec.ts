import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { APIRequestContext } from '@playwright/test'
import {
  demoAgencyApi,
  expect,
  expectAccessible,
  FINANCE,
  query,
  requestDemoTopup,
  signIn,
  test,
  toast,
} from './helpers'

/** A real one-page PDF saying `text`, as a bank's receipt would. */
async function receiptPdf(text: string) {
  const doc = await PDFDocument.create()
  const page = doc.addPage([420, 300])
  page.drawText(text, { x: 40, y: 240, size: 16, font: await doc.embedFont(StandardFonts.Helvetica) })
  return Buffer.from(await doc.save())
}

/** The demo agency asks for a bank top-up of `amount` A$ with `receipt` uploaded as a browser does. */
async function requestTopup(
  request: APIRequestContext,
  agency: Awaited<ReturnType<typeof demoAgencyApi>>,
  amount: number,
  receipt: Buffer,
) {
  const upload = await request.post('/api/files/getUploadPresignedUrl', {
    headers: agency.headers,
    data: { filename: 'bank-receipt.pdf', content_type: 'application/pdf', size: receipt.length },
  })
  expect(upload.status(), await upload.text()).toBe(200)
  const { url, key } = (await upload.json()).data as { url: string; key: string }
  // As the browser sends it: from the app's own page (this context holds the session cookie).
  const put = await request.put(url, {
    data: receipt,
    headers: { 'content-type': 'application/pdf', origin: new URL(url).origin },
  })
  expect(put.status(), await put.text()).toBeLessThan(300)
  const id = await requestDemoTopup(request, agency, amount, key)
  const [task] = await query<{ id: number; subject: string }>(
    'SELECT id, subject FROM tasks WHERE workflow_id = $1',
    [`topup-${id}`],
  )
  return { id, task }
}

// The task view (issue 29): a finance clerk opens a top-up from the inbox's queue, reads the bank
// receipt drawn in the page (pdf.js, read back through its text layer), claims the task there,
// approves it and goes straight on to the next one, which they reject with a reason.
test('a finance clerk reads the receipt in the task view, approves and moves to the next task', async ({
  page,
  request,
}) => {
  const agency = await demoAgencyApi(request)
  // Amounts of this run (a task's subject names its amount): A$1.00-A$90.99.
  const cents = 100 + (Date.now() % 9000)
  const [one, two] = [cents, cents + 1].map((c) => ({ aud: c / 100, text: `A$${(c / 100).toFixed(2)}` }))
  const first = await requestTopup(request, agency, one.aud, await receiptPdf(`Receipt TV-1 for ${one.text}`))
  const second = await requestTopup(
    request,
    agency,
    two.aud,
    await receiptPdf(`Receipt TV-2 for ${two.text}`),
  )
  // Both are long overdue (the first the more), so they lead the queue, due first.
  await query(`UPDATE tasks SET due_at = '2000-01-01' WHERE id = $1`, [first.task.id])
  await query(`UPDATE tasks SET due_at = '2000-01-02' WHERE id = $1`, [second.task.id])

  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto('/staff/inbox')
  const queue = page.getByRole('navigation', { name: 'Queues' }).getByRole('link', { name: /^Top-up/ })
  await expect(queue).toContainText(/\d+ overdue/)
  await queue.click()
  // The amount column reads the task's cents as money (it read A$4,089.00 for a A$40.89 top-up).
  const row = page.getByRole('row').filter({ hasText: first.task.subject })
  await expect(row.getByRole('cell', { name: one.text, exact: true })).toBeVisible()
  await page.getByRole('link', { name: first.task.subject }).click()
  await expect(page).toHaveURL(new RegExp(`/staff/inbox/${first.task.id}$`))
  await expect(page.getByRole('heading', { level: 2, name: 'Top-up' })).toBeVisible()
  await expect(page.getByText(first.task.subject).first()).toBeVisible()
  await expect(page.getByText('Overdue', { exact: true })).toBeVisible()

  // The receipt is drawn in the page, its words in pdf.js's text layer.
  const receipt = page.getByRole('figure', { name: 'bank-receipt.pdf' })
  await expect(receipt.locator('canvas')).toHaveCount(1)
  await expect(receipt.locator('.textLayer')).toContainText(`Receipt TV-1 for ${one.text}`)
  await expect(receipt).toContainText('1 page')

  // Claimed in the view (opening it claimed nothing).
  expect(await query('SELECT assignee_id FROM tasks WHERE id = $1', [first.task.id])).toEqual([
    { assignee_id: null },
  ])
  await page.getByRole('button', { name: `Claim: ${first.task.subject}` }).click()
  await expect(page.getByRole('button', { name: `Release: ${first.task.subject}` })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Approve and next' }).click()
  const confirm = page.getByRole('dialog', { name: `Approve the top-up of ${one.text}?` })
  await expect(confirm).toContainText(first.task.subject)
  await confirm.getByRole('button', { name: 'Approve and next' }).click()
  await expect(page).toHaveURL(new RegExp(`/staff/inbox/${second.task.id}$`))
  await expect(toast(page, `Approved: ${first.task.subject}`)).toBeVisible()
  await expect(page.getByRole('figure', { name: 'bank-receipt.pdf' }).locator('.textLayer')).toContainText(
    `Receipt TV-2 for ${two.text}`,
  )
  expect(await query('SELECT status FROM agency_topups WHERE id = $1', [first.id])).toEqual([
    { status: 'APPROVED' },
  ])

  await page.getByLabel('Reason (the agency reads it)').fill(`No transfer of ${two.text} arrived`)
  await page.getByRole('button', { name: 'Reject', exact: true }).click()
  await page
    .getByRole('dialog', { name: `Reject the top-up of ${two.text}?` })
    .getByRole('button', { name: 'Reject' })
    .click()
  await expect(toast(page, `Rejected: ${second.task.subject}`)).toBeVisible()
  await expect(page.getByText('Outcome')).toBeVisible()
  expect(
    await query('SELECT status, rejection_reason FROM agency_topups WHERE id = $1', [second.id]),
  ).toEqual([{ status: 'REJECTED', rejection_reason: `No transfer of ${two.text} arrived` }])
  // The first one's money trail shows the top-up credited.
  await page.goto(`/staff/inbox/${first.task.id}`)
  await expect(page.getByText('Top-up', { exact: true }).last()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Money trail' })).toBeVisible()
  await expect(page.getByText(one.text).first()).toBeVisible()
})

test("a clerk saves the inbox's filters as a view of their own, opens it again and deletes it", async ({
  page,
}) => {
  await signIn(page, FINANCE.email, FINANCE.password)
  await page.goto('/staff/inbox?kind=topup&overdue=true')
  const views = page.getByRole('region', { name: 'Saved views' })
  await views.getByLabel('Save this view as').fill('Top-ups overdue')
  await views.getByRole('button', { name: 'Save view' }).click()
  await expect(toast(page, 'View saved: Top-ups overdue')).toBeVisible()
  await page.goto('/staff/inbox')
  await expect(page.getByLabel('Kind')).toHaveValue('')
  await views.getByRole('link', { name: 'Top-ups overdue' }).click()
  await expect(page).toHaveURL(/\/staff\/inbox\?kind=topup&overdue=true$/)
  await expect(page.getByLabel('Kind')).toHaveValue('topup')
  await expect(page.getByRole('checkbox', { name: 'Overdue' })).toBeChecked()
  await expectAccessible(page)
  await views.getByRole('button', { name: 'Delete saved view Top-ups overdue' }).click()
  await expect(toast(page, 'View deleted: Top-ups overdue')).toBeVisible()
  await expect(views.getByRole('link', { name: 'Top-ups overdue' })).toHaveCount(0)
})
