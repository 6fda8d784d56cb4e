import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { getDb } from '../../db/client'
import {
  agencies,
  countries,
  policies,
  policyCertificates,
  publicClients,
  widgetPurchaseSecrets,
} from '../../db/schema'
import { clock } from '../../domain/shared/clock'
import { secretFor } from '../../domain/shared/config'
import { paySandboxCheckout } from '../../domain/card-payments/sandbox-checkout'
import { confirmWidgetCheckout } from '../../domain/public-clients/create-public-checkout'
import { resetPublicRateLimits } from '../../api/public-client.server'
import { agencyUserWith, agencyWithToken, api, lastMail, staffToken, staffWith } from '../setup/api'
import { as, clientBody, newClient, OTHER_SITE, SITE, student, tokenFor, WP } from '../setup/public-clients'

let staff: string
let A: Awaited<ReturnType<typeof agencyWithToken>>
let B: Awaited<ReturnType<typeof agencyWithToken>>
let au: number

beforeAll(async () => {
  staff = await staffToken()
  A = await agencyWithToken()
  B = await agencyWithToken()
  ;[{ id: au }] = await getDb().select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'AU'))
})
beforeEach(async () => {
  await resetPublicRateLimits()
})

describe('client management', () => {
  it('creates a client (201) with its secret shown once; reads never carry the secret', async () => {
    const r = await api('POST', `${WP}/agencyAddPublicClient/${A.agency.id}`, {
      token: A.token,
      body: clientBody(),
    })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({
      agency_id: A.agency.id,
      name: 'Main website',
      type: 'IN_APP',
      whitelist_url: [SITE, 'https://*.partner.example.org'],
      is_active: true,
      client_id: expect.stringMatching(/^pc_/),
      client_secret: expect.stringMatching(/^pcs_/),
    })
    const [row] = await getDb().select().from(publicClients).where(eq(publicClients.id, r.body.data.id))
    expect(row.secret_hash).not.toContain(r.body.data.client_secret)
    expect(row.secret_hash).toHaveLength(64)

    const list = await api('GET', `${WP}/getAgencyClients/${A.agency.id}`, { token: A.token })
    expect(list.status).toBe(200)
    const mine = list.body.data.find((c: { id: number }) => c.id === r.body.data.id)
    expect(mine).toMatchObject({ client_id: r.body.data.client_id, widget_sales: 0 })
    expect(JSON.stringify(list.body)).not.toMatch(/secret_hash|pcs_/)
    const one = await api('GET', `${WP}/getAgencyClient/${A.agency.id}`, {
      token: A.token,
      query: { whitelist_url: 'https://www.partner.example.org' },
    })
    expect(one.status).toBe(200)
    expect(JSON.stringify(one.body)).not.toMatch(/client_secret|secret_hash/)
    const all = await api('GET', `${WP}/getAllAgencyClients`, {
      token: staff,
      query: { global_filter: r.body.data.client_id },
    })
    expect(all.body.data).toHaveLength(1)
    expect(all.body.data[0]).toMatchObject({
      agency_id: A.agency.id,
      agency_name: A.agency.full_company_name,
    })
    const byOrigin = await api('GET', `${WP}/getAgencyClientByWhitelistOrigin`, {
      token: staff,
      query: { whitelist_url: SITE },
    })
    expect(byOrigin.status).toBe(200)
    expect(byOrigin.body.data.whitelist_url).toContain(SITE)
  })

  it('validates origins, type and name with field messages', async () => {
    const r = await api('POST', `${WP}/agencyAddPublicClient/${A.agency.id}`, {
      token: A.token,
      body: {
        name: '',
        type: 'POPUP',
        whitelist_url: ['https://shop.example.com/path', 'ftp://x.org', '*.com'],
      },
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toMatchObject({
      name: ['must be at least 2 characters'],
      type: ['Choose IFRAME or IN_APP'],
      'whitelist_url.0': [expect.stringContaining('Enter an origin like')],
      'whitelist_url.1': [expect.stringContaining('Enter an origin like')],
      'whitelist_url.2': [expect.stringContaining('Enter an origin like')],
    })
    const none = await api('POST', `${WP}/agencyAddPublicClient/${A.agency.id}`, {
      token: A.token,
      body: clientBody({ whitelist_url: [] }),
    })
    expect(none.body.errors.whitelist_url).toEqual(['Add at least one website origin'])
  })

  it("refuses another agency's clients (404), users without user_management (403) and inactive agencies (409)", async () => {
    const c = await newClient(A)
    expect(
      (
        await api('POST', `${WP}/agencyAddPublicClient/${A.agency.id}`, {
          token: B.token,
          body: clientBody(),
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await api('POST', `${WP}/agency/UpdatePublicClient/${c.id}`, {
          token: B.token,
          body: { name: 'Mine' },
        })
      ).status,
    ).toBe(404)
    expect((await api('GET', `${WP}/getAgencyClients/${A.agency.id}`, { token: B.token })).status).toBe(404)
    const seller = await agencyUserWith(A.agency.id, ['quote', 'purchase'])
    expect((await api('GET', `${WP}/getAgencyClients/${A.agency.id}`, { token: seller })).status).toBe(403)
    // Agencies cannot use the staff call, staff without agency_management cannot manage clients.
    expect(
      (await api('POST', `${WP}/adminUpdatePublicClient/${c.id}`, { token: A.token, body: { name: 'x y' } }))
        .status,
    ).toBe(403)
    const financeOnly = await staffWith(['finance'])
    expect((await api('GET', `${WP}/getAllAgencyClients`, { token: financeOnly })).status).toBe(403)
    const pending = await agencyWithToken('AGREEMENT_SIGNED')
    const refused = await api('POST', `${WP}/agencyAddPublicClient/${pending.agency.id}`, {
      token: staff,
      body: clientBody(),
    })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      'Only an agency whose portal is activated can have active website clients',
    )
    const inactive = await api('POST', `${WP}/agencyAddPublicClient/${pending.agency.id}`, {
      token: staff,
      body: clientBody({ is_active: false }),
    })
    expect(inactive.status).toBe(201)
  })
})

describe('tokens', () => {
  it('issues a 15-minute token for the right secret and refuses a wrong one (401)', async () => {
    const c = await newClient(A)
    const r = await api('POST', `${WP}/validateClientOAuth`, {
      headers: { 'x-client-id': c.client_id, 'x-client-secret': c.client_secret },
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({ token: expect.any(String), agencyId: A.agency.id, expiresIn: 900 })
    const [row] = await getDb().select().from(publicClients).where(eq(publicClients.id, c.id))
    expect(row.last_used_at).not.toBeNull()
    const wrong = await api('POST', `${WP}/validateClientOAuth`, {
      headers: { 'x-client-id': c.client_id, 'x-client-secret': 'pcs_wrong' },
    })
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe('Invalid client credentials')
    const unknown = await api('POST', `${WP}/validateClientOAuth`, {
      headers: { 'x-client-id': 'pc_nobody', 'x-client-secret': c.client_secret },
    })
    expect(unknown.status).toBe(401)
  })

  it('from a browser: only for an allow-listed parent origin, and never with the secret', async () => {
    const c = await newClient(A)
    const ok = await api('POST', `${WP}/validateClientOAuth`, {
      headers: {
        'x-client-id': c.client_id,
        'x-from-iframe': 'true',
        'x-parent-origin': 'https://a.partner.example.org',
      },
    })
    expect(ok.status).toBe(200)
    const foreign = await api('POST', `${WP}/validateClientOAuth`, {
      headers: { 'x-client-id': c.client_id, 'x-from-iframe': 'true', 'x-parent-origin': OTHER_SITE },
    })
    expect(foreign.status).toBe(403)
    expect(foreign.body.message).toBe('This website is not allowed to use this widget')
    // Two labels deep is not what `*.` allows.
    const deep = await api('POST', `${WP}/validateClientOAuth`, {
      headers: {
        'x-client-id': c.client_id,
        'x-from-iframe': 'true',
        'x-parent-origin': 'https://a.b.partner.example.org',
      },
    })
    expect(deep.status).toBe(403)
    const bare = await api('POST', `${WP}/validateClientOAuth`, { headers: { 'x-client-id': c.client_id } })
    expect(bare.status).toBe(401)
  })

  it('refuses an expired token, a token of another client and a deactivated client (401)', async () => {
    const c = await newClient(A)
    const d = await newClient(A)
    const token = await tokenFor(c)
    const q = { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' }
    expect((await api('GET', `${WP}/quotes`, { headers: as(c, token), query: q })).status).toBe(200)
    expect((await api('GET', `${WP}/quotes`, { headers: as(d, token), query: q })).status).toBe(401)
    expect((await api('GET', `${WP}/quotes`, { query: q })).status).toBe(401)
    expect((await api('GET', `${WP}/quotes`, { headers: as(c, 'not-a-token'), query: q })).status).toBe(401)
    const expired = await new SignJWT({ agencyId: A.agency.id, pcid: c.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('oshc-back-office')
      .setAudience(c.client_id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secretFor('public-client-token')))
    expect((await api('GET', `${WP}/quotes`, { headers: as(c, expired), query: q })).status).toBe(401)
    // Deactivating stops the live token at once.
    const off = await api('POST', `${WP}/agency/UpdatePublicClient/${c.id}`, {
      token: A.token,
      body: { is_active: false },
    })
    expect(off.status).toBe(200)
    expect((await api('GET', `${WP}/quotes`, { headers: as(c, token), query: q })).status).toBe(401)
    // A session token does not open public calls.
    expect((await api('GET', `${WP}/quotes`, { token: A.token, query: q })).status).toBe(403)
  })

  it('two tokens issued to one client in the same second differ (a jti each)', async () => {
    const c = await newClient(A)
    const realNow = clock.now
    const frozen = new Date(Math.floor(Date.now() / 1000) * 1000 + 250)
    clock.now = () => frozen
    try {
      const first = await tokenFor(c)
      const second = await tokenFor(c)
      expect(second).not.toBe(first)
      const claims = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString())
      expect(claims(first).iat).toBe(claims(second).iat)
      expect(claims(first).jti).toEqual(expect.any(String))
      expect(claims(first).jti).not.toBe(claims(second).jti)
    } finally {
      clock.now = realNow
    }
  })

  it('a token issued before a switch-off stays refused after the client is switched on again', async () => {
    const c = await newClient(A)
    const old = await tokenFor(c)
    const q = { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' }
    expect((await api('GET', `${WP}/quotes`, { headers: as(c, old), query: q })).status).toBe(200)
    const set = async (is_active: boolean) =>
      expect(
        (
          await api('POST', `${WP}/agency/UpdatePublicClient/${c.id}`, {
            token: A.token,
            body: { is_active },
          })
        ).status,
      ).toBe(200)
    await set(false)
    await set(true)
    expect((await api('GET', `${WP}/quotes`, { headers: as(c, old), query: q })).status).toBe(401)
    // A token issued after switching on works, and outlives settings changes that are no switch-off.
    const fresh = await tokenFor(c)
    await set(true)
    expect((await api('GET', `${WP}/quotes`, { headers: as(c, fresh), query: q })).status).toBe(200)
  })

  it('rotating keeps the old secret valid for 24 hours, then only the new one works', async () => {
    const c = await newClient(A)
    const r = await api('POST', `${WP}/agency/UpdatePublicClient/${c.id}`, {
      token: A.token,
      body: { rotate_secret: true },
    })
    expect(r.status).toBe(200)
    const fresh = r.body.data.client_secret as string
    expect(fresh).toMatch(/^pcs_/)
    expect(fresh).not.toBe(c.client_secret)
    expect(r.body.data.previous_secret_expires_at).not.toBeNull()
    await tokenFor({ client_id: c.client_id, client_secret: fresh })
    await tokenFor(c)
    const later = clock.now().getTime() + 24 * 3600_000 + 60_000
    const realNow = clock.now
    clock.now = () => new Date(later)
    try {
      const old = await api('POST', `${WP}/validateClientOAuth`, {
        headers: { 'x-client-id': c.client_id, 'x-client-secret': c.client_secret },
      })
      expect(old.status).toBe(401)
      await tokenFor({ client_id: c.client_id, client_secret: fresh })
    } finally {
      clock.now = realNow
    }
  })

  it("refuses a deactivated agency's widget", async () => {
    const C = await agencyWithToken()
    const c = await newClient(C)
    await getDb().update(agencies).set({ status: 'PORTAL_DEACTIVATED' }).where(eq(agencies.id, C.agency.id))
    const r = await api('POST', `${WP}/validateClientOAuth`, {
      headers: { 'x-client-id': c.client_id, 'x-client-secret': c.client_secret },
    })
    expect(r.status).toBe(403)
    expect(r.body.message).toBe('This widget is not available at the moment')
  })
})

describe('the sale through a client', () => {
  it('quotes without commission, creates a WIDGET policy, pays by card and mails the student', async () => {
    const c = await newClient(A)
    const token = await tokenFor(c)
    const h = as(c, token)
    const quotes = await api('GET', `${WP}/quotes`, {
      headers: h,
      query: { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' },
    })
    expect(quotes.status).toBe(200)
    expect(quotes.body.data.length).toBeGreaterThan(0)
    expect(JSON.stringify(quotes.body)).not.toMatch(/commission/)
    const payables = quotes.body.data.map((q: { payable: number }) => q.payable)
    expect(payables).toEqual([...payables].sort((a, b) => a - b))

    const body = student(au)
    const created = await api('POST', `${WP}/createStudentDetails`, {
      headers: h,
      body: { ...body, agency_id: B.agency.id },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({
      message: 'Student details saved',
      customerId: expect.any(Number),
      policyId: expect.any(Number),
      invoiceId: expect.any(Number),
    })
    const policyId = created.body.policyId as number
    // The buyer's proof, answered once; every later call about the policy sends it.
    expect(created.body.purchaseSecret).toMatch(/^wps_/)
    const hp = { ...h, 'x-purchase-secret': created.body.purchaseSecret as string }
    const [row] = await getDb().select().from(policies).where(eq(policies.id, policyId))
    expect(row).toMatchObject({
      agency_id: A.agency.id,
      source: 'WIDGET',
      public_client_id: c.id,
      status: 'INITIATED',
    })

    const invalid = await api('POST', `${WP}/createStudentDetails`, {
      headers: h,
      body: { ...body, customer: { ...body.customer, passport_number: '' } },
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body.errors['customer.passport_number']).toEqual(['must be at least 2 characters'])

    const methods = await api('GET', `${WP}/getPublicAvailablePaymentMethodsForAgency/${policyId}`, {
      headers: hp,
    })
    expect(methods.status).toBe(200)
    expect(methods.body.data.methods).toEqual([
      expect.objectContaining({ method: 'CARD', amount: expect.any(Number) }),
    ])

    // A student who did not declare eligibility cannot be paid for (issue 29 item 1).
    const undeclared = await api('POST', `${WP}/createStudentDetails`, {
      headers: h,
      body: { ...body, customer: { ...body.customer, is_primary_visa_holder_and_eligible_to_apply: false } },
    })
    expect(undeclared.status, JSON.stringify(undeclared.body)).toBe(201)
    const refused = await api('POST', `${WP}/airwallexCheckout`, {
      headers: { ...h, 'x-purchase-secret': undeclared.body.purchaseSecret as string },
      body: { policy_id: undeclared.body.policyId, currency: 'AUD' },
    })
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.errors)).toEqual(['is_primary_visa_holder_and_eligible_to_apply'])

    const checkout = await api('POST', `${WP}/airwallexCheckout`, {
      headers: hp,
      body: { policy_id: policyId, currency: 'AUD' },
    })
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200)
    const url = new URL(checkout.body.data.url)
    const sessionId = url.pathname.split('/').pop()!
    expect(checkout.body.data.success_url).toContain(
      `/embed/${c.client_id}/paid/${policyId}?session_id=${sessionId}`,
    )

    const before = await api('GET', `${WP}/getPublicPoliciesDetailById/${policyId}`, { headers: hp })
    expect(before.body.data).toMatchObject({
      id: policyId,
      is_paid: false,
      status: 'INITIATED',
      certificate: null,
    })
    await paySandboxCheckout({ sessionId, search: url.searchParams, cardNumber: '4242424242424242' })
    await confirmWidgetCheckout({ clientId: c.client_id, policyId, sessionId })
    // Coming back twice settles nothing twice.
    expect((await confirmWidgetCheckout({ clientId: c.client_id, policyId, sessionId })).alreadySettled).toBe(
      true,
    )

    const after = await api('GET', `${WP}/getPublicPoliciesDetailById/${policyId}`, { headers: hp })
    expect(after.body.data).toMatchObject({
      is_paid: true,
      status: 'PAYMENT_APPROVED',
      student: { first_name: 'Ana', last_name: 'Silva', email: body.customer.email },
      provider: { id: 1 },
    })
    expect(JSON.stringify(after.body)).not.toMatch(/commission|agency/)
    const mail = await lastMail(body.customer.email)
    expect(mail.subject).toBe(`Your health cover is paid: policy ${row.ref}`)
    expect(mail.text).toContain('certificate of cover will be sent to this address')

    // The agency sees the sale with its source; the staff list shows it counted.
    const list = await api('GET', `${WP}/getAgencyClients/${A.agency.id}`, { token: A.token })
    expect(list.body.data.find((x: { id: number }) => x.id === c.id).widget_sales).toBe(1)
  })

  it("keeps a client to its own policies: another client's, or a portal policy, is a 404", async () => {
    const c = await newClient(A)
    const d = await newClient(A)
    const hc = as(c, await tokenFor(c))
    const created = await api('POST', `${WP}/createStudentDetails`, { headers: hc, body: student(au) })
    const policyId = created.body.policyId
    // Even with the purchase's own secret, another client's token does not reach it.
    const hd = as(d, await tokenFor(d), { 'x-purchase-secret': created.body.purchaseSecret })
    for (const [method, path, body] of [
      ['GET', `${WP}/getPublicPoliciesDetailById/${policyId}`, undefined],
      ['GET', `${WP}/getPublicAvailablePaymentMethodsForAgency/${policyId}`, undefined],
      ['POST', `${WP}/airwallexCheckout`, { policy_id: policyId }],
    ] as const) {
      const r = await api(method, path, { headers: hd, body })
      expect(r.status, path).toBe(404)
    }
    const portal = await api('POST', '/agencies/policy-management/createStudentDetails', {
      token: A.token,
      body: student(au),
    })
    expect(portal.status).toBe(201)
    expect(
      (
        await api('GET', `${WP}/getPublicPoliciesDetailById/${portal.body.data.policyId}`, {
          headers: { ...hc, 'x-purchase-secret': created.body.purchaseSecret },
        })
      ).status,
    ).toBe(404)
  })

  it("binds a purchase to the browser that made it: the client's token without its secret is a 404", async () => {
    const c = await newClient(A)
    // Anyone can get the client's token from its allow-listed page: the buyer and a stranger alike.
    const iframeToken = async () => {
      const r = await api('POST', `${WP}/validateClientOAuth`, {
        headers: { 'x-client-id': c.client_id, 'x-from-iframe': 'true', 'x-parent-origin': SITE },
      })
      expect(r.status).toBe(200)
      return r.body.data.token as string
    }
    const buyer = as(c, await iframeToken())
    const stranger = as(c, await iframeToken())
    const body = student(au)
    const mine = await api('POST', `${WP}/createStudentDetails`, { headers: buyer, body })
    expect(mine.status, JSON.stringify(mine.body)).toBe(201)
    const policyId = mine.body.policyId as number
    const secret = mine.body.purchaseSecret as string
    // Only a hash is kept.
    const [kept] = await getDb()
      .select()
      .from(widgetPurchaseSecrets)
      .where(eq(widgetPurchaseSecrets.policy_id, policyId))
    expect(kept.secret_hash).toHaveLength(64)
    expect(kept.secret_hash).not.toContain(secret)
    // The stranger's own purchase through the same client gives a secret, but not this one.
    const theirs = await api('POST', `${WP}/createStudentDetails`, { headers: stranger, body: student(au) })
    const wrong = theirs.body.purchaseSecret as string
    expect(wrong).not.toBe(secret)

    // An issued certificate: its link is handed out only with the proof.
    const key = `certificates/test-${policyId}.pdf`
    await getDb()
      .insert(policyCertificates)
      .values({
        policy_id: policyId,
        certificate_url: key,
        certificate_name: 'certificate.pdf',
        membership_number: `M${policyId}`,
        issued_at: new Date(),
      })

    const calls = [
      ['GET', `${WP}/getPublicPoliciesDetailById/${policyId}`, undefined],
      ['GET', `${WP}/getPublicAvailablePaymentMethodsForAgency/${policyId}`, undefined],
      ['POST', `${WP}/airwallexCheckout`, { policy_id: policyId, currency: 'AUD' }],
    ] as const
    for (const proof of [undefined, '', wrong, `${secret}x`, secret.slice(0, -1)]) {
      const headers = proof === undefined ? stranger : { ...stranger, 'x-purchase-secret': proof }
      for (const [method, path, payload] of calls) {
        const r = await api(method, path, { headers, body: payload })
        expect(r.status, `${path} with ${proof === undefined ? 'no' : 'a wrong'} secret`).toBe(404)
        const text = JSON.stringify(r.body)
        expect(text).not.toContain(body.customer.email)
        expect(text).not.toContain(key)
        expect(text).not.toMatch(/download|certificate/i)
      }
    }
    // The buyer's token without the secret is refused too: the token is the site's, not the buyer's.
    expect(
      (await api('GET', `${WP}/getPublicPoliciesDetailById/${policyId}`, { headers: buyer })).status,
    ).toBe(404)

    // With the proof (from either token of the client): the detail, its certificate link, the methods.
    const proven = { ...stranger, 'x-purchase-secret': secret }
    const detail = await api('GET', `${WP}/getPublicPoliciesDetailById/${policyId}`, { headers: proven })
    expect(detail.status).toBe(200)
    expect(detail.body.data.student.email).toBe(body.customer.email)
    expect(detail.body.data.certificate).toMatchObject({ url: expect.stringContaining('download') })
    const methods = await api('GET', `${WP}/getPublicAvailablePaymentMethodsForAgency/${policyId}`, {
      headers: proven,
    })
    expect(methods.status).toBe(200)
  })

  it('the widget\'s "paid" page answers only for its own client\'s checkout session', async () => {
    const c = await newClient(A)
    const d = await newClient(A)
    const h = as(c, await tokenFor(c))
    const created = await api('POST', `${WP}/createStudentDetails`, { headers: h, body: student(au) })
    const policyId = created.body.policyId as number
    const checkout = await api('POST', `${WP}/airwallexCheckout`, {
      headers: { ...h, 'x-purchase-secret': created.body.purchaseSecret },
      body: { policy_id: policyId, currency: 'AUD' },
    })
    expect(checkout.status).toBe(200)
    const sessionId = checkout.body.data.checkout_session_id as string
    await expect(confirmWidgetCheckout({ clientId: d.client_id, policyId, sessionId })).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    )
    await expect(
      confirmWidgetCheckout({ clientId: c.client_id, policyId, sessionId: 'cs_sandbox_guess' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it("lists the offers running on the agency's insurers", async () => {
    const c = await newClient(A)
    const r = await api('GET', `${WP}/getAllPublicOffers`, { headers: as(c, await tokenFor(c)) })
    expect(r.status).toBe(200)
    expect(r.body.pageInfo).toMatchObject({ page: 1, perPage: 10 })
    for (const o of r.body.data) expect(o).toMatchObject({ is_current: true, type: 'DISCOUNT' })
  })
})
