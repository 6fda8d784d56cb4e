// The payout remittance advice from the pages people use (issue 29): a paid payout's "Download
// remittance (PDF)" on the staff payout page and in the agency's payouts list gives the same PDF,
// read back through its text: the payout, its commission lines' policies and the insurer.
import { readFile } from 'node:fs/promises'
import type { Download, Page } from '@playwright/test'
import { extractText, getDocumentProxy } from 'unpdf'
import { AGENCY, askToConfirm, expect, query, requestDemoPayout, signIn, STAFF, test } from './helpers'

type Paid = { id: number; refs: string[] }

/** A paid payout of the demo agency with its lines' policy references (money.spec pays one). */
async function findPaid(): Promise<Paid | undefined> {
  const [row] = await query<{ id: number; refs: string[] }>(
    `SELECT p.id, array_agg(pol.ref ORDER BY pol.ref) AS refs
       FROM commission_payouts p JOIN agencies a ON a.id = p.agency_id
       JOIN commission_payout_items i ON i.payout_id = p.id JOIN policies pol ON pol.id = i.policy_id
      WHERE a.email = $1 AND p.status = 'APPROVED'
      GROUP BY p.id ORDER BY p.id DESC LIMIT 1`,
    [AGENCY.email],
  )
  return row
}

/** This spec run on its own: a payout requested through the API and paid by transfer on the staff page. */
async function payOne(page: Page, request: Parameters<typeof requestDemoPayout>[0]) {
  const id = await requestDemoPayout(request, 'REMIT-E2E')
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(`/staff/finance/payouts/${id}`)
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
  await expect(page.getByText(`Payout #${id} approved`)).toBeVisible()
  await page.context().clearCookies()
}

async function textOf(download: Download) {
  const bytes = new Uint8Array(await readFile((await download.path())!))
  return (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text
}

test('both portals download a paid payout’s remittance advice, naming its policies', async ({
  page,
  request,
}) => {
  let paid = await findPaid()
  if (!paid) {
    await payOne(page, request)
    paid = await findPaid()
  }
  expect(paid, 'a paid payout of the demo agency').toBeTruthy()
  const { id, refs } = paid!

  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto('/agency/finance/payouts?status=APPROVED')
  const [fromAgency] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Remittance (PDF) of payout #${id}` }).click(),
  ])
  expect(fromAgency.suggestedFilename()).toBe(`remittance-${id}.pdf`)
  const agencySide = await textOf(fromAgency)
  expect(agencySide).toMatch(/^Remittance advice/)
  expect(agencySide).toMatch(/ABN /)
  expect(agencySide).toMatch(new RegExp(`Payout number\\s+${id}\\b`))
  expect(agencySide).toMatch(/Payment date\s+\d{1,2} [A-Z][a-z]{2} \d{4}/)
  for (const ref of refs) expect(agencySide).toMatch(new RegExp(`${ref}\\s+.*?A\\$[\\d,]+\\.\\d{2}`))

  await page.context().clearCookies()
  await signIn(page, STAFF.email, STAFF.password)
  await page.goto(`/staff/finance/payouts/${id}`)
  const [fromStaff] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download remittance (PDF)' }).click(),
  ])
  expect(await textOf(fromStaff)).toBe(agencySide)
})
