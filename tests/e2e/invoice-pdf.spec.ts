// The invoice PDF from the page people use (issue 29): "Download PDF" on an agency's invoice gives
// the GST tax invoice, read back through its text.
import { readFile } from 'node:fs/promises'
import { extractText, getDocumentProxy } from 'unpdf'
import { AGENCY, expect, query, signIn, STAFF, test } from './helpers'

test('both portals download an invoice as a PDF that reads as the invoice on the page', async ({ page }) => {
  const [invoice] = await query<{ id: number }>(
    `SELECT i.id FROM invoices i JOIN agencies a ON a.id = i.agency_id
     WHERE a.email = $1 AND i.invoice_type = 'PREMIUM' AND i.status <> 'DRAFT' ORDER BY i.id LIMIT 1`,
    [AGENCY.email],
  )
  const textOf = async (portal: string) => {
    await page.goto(`/${portal}/finance/invoices/${invoice.id}`)
    await expect(page.getByRole('heading', { name: `Invoice #${invoice.id}` })).toBeVisible()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.pdf$/)
    const bytes = new Uint8Array(await readFile((await download.path())!))
    return (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text
  }
  await signIn(page, AGENCY.email, AGENCY.password)
  const agencySide = await textOf('agency')
  expect(agencySide).toContain('Tax invoice')
  expect(agencySide).toContain(String(invoice.id))
  expect(agencySide).toMatch(/GST/)
  await page.context().clearCookies()
  await signIn(page, STAFF.email, STAFF.password)
  expect(await textOf('staff')).toBe(agencySide)
})
