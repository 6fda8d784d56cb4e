// The public integration's test helpers: a client of an agency, its token, the headers of a
// widget call and a sale's body.
import { expect } from 'vitest'
import { api } from './api'

export const WP = '/wordpress'
export const SITE = 'https://shop.example.com'
export const OTHER_SITE = 'https://evil.example.net'

export const clientBody = (over: Record<string, unknown> = {}) => ({
  name: 'Main website',
  type: 'IN_APP',
  whitelist_url: [SITE, 'https://*.partner.example.org'],
  ...over,
})

export async function newClient(
  agency: { agency: { id: number }; token: string },
  over: Record<string, unknown> = {},
) {
  const r = await api('POST', `${WP}/agencyAddPublicClient/${agency.agency.id}`, {
    token: agency.token,
    body: clientBody(over),
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.data as { id: number; client_id: string; client_secret: string }
}

export async function tokenFor(client: { client_id: string; client_secret: string }) {
  const r = await api('POST', `${WP}/validateClientOAuth`, {
    headers: { 'x-client-id': client.client_id, 'x-client-secret': client.client_secret },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.data.token as string
}

export const as = (client: { client_id: string }, token: string, extra: Record<string, string> = {}) => ({
  'x-client-id': client.client_id,
  'x-access-token': token,
  ...extra,
})

let seq = 0

/** A widget buyer's sale body for a student of `country`. */
export const student = (country: number) => ({
  customer: {
    title: 'Ms',
    first_name: 'Ana',
    last_name: 'Silva',
    email: `ana-${Date.now().toString(36)}-${++seq}@example.test`,
    dob: '2004-05-06',
    country,
    passport_number: 'PB7654321',
    education_institute: 'University of Melbourne',
    is_primary_visa_holder_and_eligible_to_apply: true,
    has_accepted_terms: true,
  },
  partner: null,
  family_members: [],
  policy: {
    insurance_provider_id: 1,
    policy_type: 'SINGLE',
    start_date: '2027-02-01',
    end_date: '2028-01-31',
  },
})
