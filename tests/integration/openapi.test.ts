import { beforeAll, describe, expect, it } from 'vitest'
import SwaggerParser from '@apidevtools/swagger-parser'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { countries } from '../../db/schema'
import { resetPublicRateLimits } from '../../api/public-client.server'
import { agencyWithToken, api, staffToken } from '../setup/api'

type Operation = { responses: Record<string, { content?: { 'application/json'?: { schema: object } } }> }
type Doc = { paths: Record<string, Record<string, Operation>>; info: { description?: string } }

const WP = '/wordpress'
let full: Doc
let partner: Doc

beforeAll(async () => {
  full = (await api('GET', '/openapi.json')).body
  partner = (await api('GET', `${WP}/openapi.json`)).body
})

describe('the OpenAPI documents', () => {
  it('are valid OpenAPI 3.1 by a third-party validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(full) as never)).resolves.toBeTruthy()
    await expect(SwaggerParser.validate(structuredClone(partner) as never)).resolves.toBeTruthy()
  })

  it('declare a JSON success schema and the error schema on every operation', () => {
    for (const [path, item] of Object.entries(full.paths))
      for (const [method, op] of Object.entries(item)) {
        const codes = Object.keys(op.responses)
        expect(codes.length, `${method} ${path}`).toBeGreaterThan(1)
        for (const code of codes)
          expect(
            op.responses[code].content?.['application/json']?.schema,
            `${method} ${path} ${code}`,
          ).toBeTruthy()
      }
  })

  it('serves the public integration as its own document, with the token flow', () => {
    const paths = Object.keys(partner.paths)
    expect(paths.length).toBe(14)
    expect(paths.every((p) => p.startsWith(`/api${WP}/`))).toBe(true)
    expect(partner.info.description).toContain('validateClientOAuth')
  })
})

describe('every public call answers as its declared schema', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  const seen = new Set<string>()

  function check(method: string, template: string, r: { status: number; body: unknown }) {
    const op = partner.paths[`/api${template}`][method.toLowerCase()]
    const schema = op.responses[String(r.status)]?.content?.['application/json']?.schema
    expect(schema, `${method} ${template} answered ${r.status}, which it does not declare`).toBeTruthy()
    const validate = ajv.compile(schema!)
    expect(validate(r.body), `${method} ${template}: ${JSON.stringify(validate.errors)}`).toBe(true)
    seen.add(`${method} ${template}`)
  }

  it('for a sample answer of each of the 14 calls, and their refusals', async () => {
    await resetPublicRateLimits()
    const staff = await staffToken()
    const A = await agencyWithToken()
    const [{ id: au }] = await getDb()
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.iso2, 'AU'))
    const add = await api('POST', `${WP}/agencyAddPublicClient/${A.agency.id}`, {
      token: A.token,
      body: { name: 'Docs site', type: 'IFRAME', whitelist_url: ['https://docs.example.com'] },
    })
    check('POST', `${WP}/agencyAddPublicClient/{agencyId}`, add)
    const c = add.body.data
    check(
      'POST',
      `${WP}/agency/UpdatePublicClient/{id}`,
      await api('POST', `${WP}/agency/UpdatePublicClient/${c.id}`, {
        token: A.token,
        body: { rotate_secret: true },
      }),
    )
    const rotated = await api('POST', `${WP}/adminUpdatePublicClient/${c.id}`, {
      token: staff,
      body: { name: 'Docs' },
    })
    check('POST', `${WP}/adminUpdatePublicClient/{id}`, rotated)
    check(
      'GET',
      `${WP}/getAgencyClient/{agencyId}`,
      await api('GET', `${WP}/getAgencyClient/${A.agency.id}`, {
        token: A.token,
        query: { whitelist_url: 'https://docs.example.com' },
      }),
    )
    check(
      'GET',
      `${WP}/getAgencyClientByWhitelistOrigin`,
      await api('GET', `${WP}/getAgencyClientByWhitelistOrigin`, {
        token: staff,
        query: { whitelist_url: 'https://docs.example.com' },
      }),
    )
    check(
      'GET',
      `${WP}/getAgencyClients/{agencyId}`,
      await api('GET', `${WP}/getAgencyClients/${A.agency.id}`, { token: A.token }),
    )
    check('GET', `${WP}/getAllAgencyClients`, await api('GET', `${WP}/getAllAgencyClients`, { token: staff }))

    const fresh = await api('POST', `${WP}/agencyAddPublicClient/${A.agency.id}`, {
      token: A.token,
      body: { name: 'Docs site 2', type: 'IN_APP', whitelist_url: ['https://docs.example.com'] },
    })
    const tokenAnswer = await api('POST', `${WP}/validateClientOAuth`, {
      headers: { 'x-client-id': fresh.body.data.client_id, 'x-client-secret': fresh.body.data.client_secret },
    })
    check('POST', `${WP}/validateClientOAuth`, tokenAnswer)
    check(
      'POST',
      `${WP}/validateClientOAuth`,
      await api('POST', `${WP}/validateClientOAuth`, {
        headers: { 'x-client-id': fresh.body.data.client_id, 'x-client-secret': 'wrong' },
      }),
    )
    const h = { 'x-client-id': fresh.body.data.client_id, 'x-access-token': tokenAnswer.body.data.token }
    const q = { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' }
    check('GET', `${WP}/quotes`, await api('GET', `${WP}/quotes`, { headers: h, query: q }))
    check(
      'GET',
      `${WP}/quotes`,
      await api('GET', `${WP}/quotes`, { headers: h, query: { ...q, endDate: '2026-01-01' } }),
    )
    check('GET', `${WP}/quotes`, await api('GET', `${WP}/quotes`, { query: q }))
    const created = await api('POST', `${WP}/createStudentDetails`, {
      headers: h,
      body: {
        customer: {
          first_name: 'Docs',
          last_name: 'Student',
          email: `docs-${Date.now()}@example.test`,
          dob: '2004-01-01',
          country: au,
          passport_number: 'PD1234567',
          education_institute: 'Docs College',
        },
        policy: {
          insurance_provider_id: 1,
          policy_type: 'SINGLE',
          start_date: '2027-02-01',
          end_date: '2028-01-31',
        },
      },
    })
    check('POST', `${WP}/createStudentDetails`, created)
    const policyId = created.body.policyId
    // Calls about the purchase carry its secret (without it they are 404s, also declared).
    const hp = { ...h, 'x-purchase-secret': created.body.purchaseSecret as string }
    check(
      'GET',
      `${WP}/getPublicAvailablePaymentMethodsForAgency/{policy_id}`,
      await api('GET', `${WP}/getPublicAvailablePaymentMethodsForAgency/${policyId}`, { headers: hp }),
    )
    check(
      'GET',
      `${WP}/getPublicPoliciesDetailById/{policyId}`,
      await api('GET', `${WP}/getPublicPoliciesDetailById/${policyId}`, { headers: hp }),
    )
    check(
      'GET',
      `${WP}/getPublicPoliciesDetailById/{policyId}`,
      await api('GET', `${WP}/getPublicPoliciesDetailById/999999`, { headers: h }),
    )
    check(
      'POST',
      `${WP}/airwallexCheckout`,
      await api('POST', `${WP}/airwallexCheckout`, { headers: hp, body: { policy_id: policyId } }),
    )
    check('GET', `${WP}/getAllPublicOffers`, await api('GET', `${WP}/getAllPublicOffers`, { headers: h }))

    expect(seen.size).toBe(14)
  })
})
