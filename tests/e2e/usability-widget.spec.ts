import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AGENCY, expect, query, signIn, test } from './helpers'

// Issue 29, item 5: the website widget on a partner's page follows its content at every step.
// (Split from usability.spec.ts; it runs before widget.spec.ts, which reads the newest client.)

const LAPTOP = { width: 1366, height: 800 }
const PHONE = { width: 390, height: 844 }

/** A partner's page on another origin (another port of this machine), serving `html`. */
async function partnerSite(html: () => string) {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(html())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) }
}

test('the embedded widget grows with its content at every step, so Back and Continue stay in view', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}) => {
  let clientId = ''
  const partner = await partnerSite(
    () => `<!doctype html><html lang="en"><head><title>Partner</title></head><body><h1>Study with us</h1>
      <script src="${baseURL}/embed.js" data-client-id="${clientId}" async></script><p>Footer</p></body></html>`,
  )
  try {
    await signIn(page, AGENCY.email, AGENCY.password)
    await page.goto('/agency/widget')
    await page.getByLabel('Name').fill(`Resize check ${Date.now()}`)
    await page.getByLabel('How it is embedded').selectOption('IN_APP')
    await page.getByLabel('Website origins').fill(partner.origin)
    await page.getByRole('button', { name: 'Create website client' }).click()
    await expect(page.getByTestId('client-secret')).toHaveText(/^pcs_/)
    const [client] = await query<{ client_id: string }>(
      `SELECT client_id FROM public_clients WHERE $1 = ANY(whitelist_url) ORDER BY id DESC LIMIT 1`,
      [partner.origin],
    )
    clientId = client.client_id

    const student = await browser.newContext({ viewport: LAPTOP })
    browserErrors.watch(student)
    const site = await student.newPage()
    await site.goto(partner.origin)
    const frameElement = site.locator('iframe[title^="Overseas student health cover"]')
    const widget = site.frameLocator('iframe[title^="Overseas student health cover"]')
    /** The frame shows all of its content: its page does not scroll inside it. */
    const fits = async () => {
      const frame = await (await frameElement.elementHandle())!.contentFrame()
      const [content, height] = await frame!.evaluate(() => [
        document.documentElement.scrollHeight,
        window.innerHeight,
      ])
      return content <= height
    }
    await expect(widget.getByRole('heading', { name: 'Get a quote' })).toBeVisible()
    await expect.poll(fits).toBe(true)
    await widget.getByLabel('Cover for').selectOption('SINGLE')
    await widget.getByLabel('Cover starts').fill('2027-02-01')
    await widget.getByLabel('Cover ends').fill('2028-01-31')
    await widget.getByRole('button', { name: 'Show prices' }).click()
    const choices = widget.getByRole('list', { name: 'Quotes' }).getByRole('button', { name: /^Choose / })
    await expect(choices.first()).toBeVisible()
    await expect.poll(fits).toBe(true)
    await choices.first().click()
    await expect(widget.getByRole('button', { name: 'Continue to payment' })).toBeVisible()
    await expect.poll(fits).toBe(true)
    // Back and Continue lie inside the frame's box on the partner's page.
    const frameBox = (await frameElement.boundingBox())!
    for (const name of ['Back to quotes', 'Continue to payment']) {
      const box = (await widget.getByRole('button', { name }).boundingBox())!
      expect(box.y + box.height, name).toBeLessThanOrEqual(frameBox.y + frameBox.height)
    }
    // On a phone the details wrap taller: the frame follows.
    await site.setViewportSize(PHONE)
    await expect.poll(fits).toBe(true)
    await site.setViewportSize(LAPTOP)
    await widget.getByRole('button', { name: 'Back to quotes' }).click()
    await expect(widget.getByRole('button', { name: 'Show prices' })).toBeVisible()
    await expect.poll(fits).toBe(true)
    await student.close()
  } finally {
    await partner.close()
    // widget.spec.ts reads the newest client on the agency's widget page: this one bought nothing.
    if (clientId) await query('DELETE FROM public_clients WHERE client_id = $1', [clientId])
  }
})
