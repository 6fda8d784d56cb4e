import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, expectAccessible, query, signIn, test, AGENCY } from './helpers'

/** A partner's page on another origin (another port of this machine), serving `html`. */
async function partnerSite(html: (origin: string) => string) {
  const server: Server = createServer((_req, res) => {
    const { port } = server.address() as AddressInfo
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(html(`http://127.0.0.1:${port}`))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) }
}

test('a partner page embeds the widget with the script, quotes, buys with the sandbox card, and the agency sees the sale', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}) => {
  let clientId = ''
  const partner = await partnerSite(
    () => `<!doctype html><html lang="en"><head><title>Partner college</title></head><body>
      <h1>Study with us</h1>
      <ol id="events"></ol>
      <script src="${baseURL}/embed.js" data-client-id="${clientId}" async></script>
      <script>
        for (const type of ['oshc:quote', 'oshc:purchased'])
          window.addEventListener(type, (e) => {
            const li = document.createElement('li')
            li.textContent = type + ' ' + JSON.stringify(e.detail)
            document.getElementById('events').appendChild(li)
          })
      </script></body></html>`,
  )
  const stranger = await partnerSite(
    (origin) =>
      `<!doctype html><html lang="en"><head><title>Not allowed</title></head><body><iframe title="widget" src="${baseURL}/embed/${clientId}?parent_origin=${encodeURIComponent(origin)}"></iframe></body></html>`,
  )
  try {
    // The agency creates its website client on its Website widget page.
    await signIn(page, AGENCY.email, AGENCY.password)
    await page.goto('/agency/widget')
    await expect(page).toHaveTitle('Website widget · Agency portal')
    await page.getByLabel('Name').fill(`College site ${Date.now()}`)
    await page.getByLabel('How it is embedded').selectOption('IN_APP')
    await page.getByLabel('Website origins').fill(partner.origin)
    await page.getByRole('button', { name: 'Create website client' }).click()
    await expect(page.getByTestId('client-secret')).toHaveText(/^pcs_/)
    const [client] = await query<{ client_id: string; id: number }>(
      `SELECT c.client_id, c.id FROM public_clients c JOIN agencies a ON a.id = c.agency_id
       WHERE a.email = $1 AND $2 = ANY(c.whitelist_url) ORDER BY c.id DESC LIMIT 1`,
      [AGENCY.email, partner.origin],
    )
    clientId = client.client_id
    await expect(page.getByRole('textbox', { name: 'Paste this into your page' }).last()).toHaveValue(
      new RegExp(`data-client-id="${clientId}"`),
    )
    await expectAccessible(page)

    // A student on the partner's site.
    const student = await browser.newContext()
    browserErrors.watch(student)
    const site = await student.newPage()
    await site.goto(partner.origin)
    const widget = site.frameLocator('iframe[title^="Overseas student health cover"]')
    await expect(widget.getByRole('heading', { name: 'Get a quote' })).toBeVisible()
    await widget.getByLabel('Cover for').selectOption('SINGLE')
    await widget.getByLabel('Cover starts').fill('2027-02-01')
    await widget.getByLabel('Cover ends').fill('2028-01-31')
    await widget.getByRole('button', { name: 'Show prices' }).click()
    const choices = widget.getByRole('list', { name: 'Quotes' }).getByRole('button', { name: /^Choose / })
    await expect(choices.first()).toBeVisible()
    await choices.first().click()
    await expect(site.locator('#events')).toContainText('oshc:quote')

    const email = `widget-${Date.now()}@example.test`
    await widget.getByLabel('First name').fill('Lina')
    await widget.getByLabel('Last name').fill('Park')
    await widget.getByLabel('E-mail').fill(email)
    await widget.getByLabel('Date of birth').fill('2005-04-03')
    await widget.getByLabel('Nationality').selectOption({ label: 'Australia' })
    await widget.getByLabel('Passport number').fill('PX1234567')
    await widget.getByLabel('Education provider').fill('Partner College')
    await widget.getByLabel(/accept the terms/).check()
    // Without the eligibility declaration the student cannot go on to pay.
    await widget.getByRole('button', { name: 'Continue to payment' }).click()
    await expect(
      widget.getByText('Confirm the student holds the student visa and is eligible to apply'),
    ).toBeVisible()
    await widget.getByLabel(/primary holder of the student visa/).check()
    await widget.getByRole('button', { name: 'Continue to payment' }).click()

    const payButton = widget.getByRole('button', { name: /^Pay .* by card$/ })
    await expect(payButton).toBeVisible()
    const popupPromise = site.waitForEvent('popup')
    await payButton.click()
    const checkout = await popupPromise
    await checkout.waitForURL(/\/checkout\/sandbox\//)
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242')
    await checkout.getByRole('button', { name: /^Pay / }).click()
    await expect(checkout.getByText('Payment received')).toBeVisible()
    await checkout.close()

    // The widget sees the payment by itself and tells the host page.
    await expect(widget.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 })
    await expect(widget.getByText(`e-mailed to ${email}`)).toBeVisible()
    await expect(site.locator('#events')).toContainText('oshc:purchased')
    await student.close()

    const [policy] = await query<{ id: number; ref: string; status: string; source: string }>(
      `SELECT p.id, p.ref, p.status, p.source FROM policies p JOIN customers c ON c.id = p.customer_id
       WHERE c.email = $1`,
      [email],
    )
    expect(policy).toMatchObject({ status: 'PAYMENT_APPROVED', source: 'WIDGET' })

    // The agency finds the sale in its policies and on the widget page.
    await page.goto(`/agency/policies?global_filter=${policy.ref}`)
    await expect(page.getByRole('link', { name: policy.ref }).first()).toBeVisible()
    await page.goto(`/agency/policies/${policy.id}`)
    await expect(page.locator('dd', { hasText: /^Website widget$/ })).toBeVisible()
    await page.goto('/agency/widget')
    await expect(page.getByRole('table', { name: /website widget/ }).getByText(policy.ref)).toBeVisible()

    // A site not on the allow-list: the browser refuses to frame the widget.
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    const refused = otherPage.waitForEvent('console', (m) =>
      /frame-ancestors|Refused to frame/i.test(m.text()),
    )
    await otherPage.goto(stranger.origin)
    await refused
    await expect(otherPage.frameLocator('iframe[title="widget"]').getByText('Get a quote')).toHaveCount(0)
    await other.close()
  } finally {
    await partner.close()
    await stranger.close()
  }
})
