// Fixtures of the policy tests (policies-*.test.ts): staff and two agencies signed in, the places the
// details name (AU, New South Wales, Sydney), the inputs of each step, the rows to assert on, and
// route modules called as Remix calls them. A test file calls setUpPolicyFixtures() once at its top:
// its beforeAll fills the exported sessions and places (read through the live import bindings).
import { beforeAll, expect } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  cities,
  countries,
  invoiceLineItems,
  invoices,
  policies,
  policyHistories,
  states,
} from '../../db/schema'
import { agencyWithToken, api, lastMail, login, staffToken, tempPasswordFrom } from './api'

export const BASE = '/agencies/policy-management'
export const STAFF = '/oshc/policy-management'
export const USERS = '/agencies/user-management'

export const DATE_MSG = 'must be in the format of YYYY-MM-DD'
export const MIN2 = 'must be at least 2 characters'
export const MAX256 = 'must be at most 256 characters'

export let staff: string
export let A: Awaited<ReturnType<typeof agencyWithToken>>
export let B: Awaited<ReturnType<typeof agencyWithToken>>
export let au: number
export let nsw: number
export let sydney: number
let seq = 0

/** Signs in staff and two agencies and looks up AU, New South Wales and Sydney, before the file's tests. */
export function setUpPolicyFixtures() {
  beforeAll(async () => {
    staff = await staffToken()
    A = await agencyWithToken()
    B = await agencyWithToken()
    const db = getDb()
    ;[{ id: au }] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'AU'))
    ;[{ id: nsw }] = await db
      .select({ id: states.id })
      .from(states)
      .where(and(eq(states.country_id, au), eq(states.name, 'New South Wales')))
    ;[{ id: sydney }] = await db
      .select({ id: cities.id })
      .from(cities)
      .where(and(eq(cities.state_id, nsw), eq(cities.name, 'Sydney')))
  })
}

export const unique = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}@example.test`

export const personal = (over: Record<string, unknown> = {}) => ({
  title: 'Ms',
  first_name: 'Mia',
  last_name: 'Nguyen',
  email: unique('mia'),
  dob: '2004-03-02',
  gender: 'FEMALE',
  mobile_number: '+61 400 000 000',
  country: au,
  has_accepted_terms: true,
  is_primary_visa_holder_and_eligible_to_apply: true,
  ...over,
})

export const otherDetails = (over: Record<string, unknown> = {}) => ({
  passport_number: 'PA1234567',
  passport_country_id: au,
  visa_sub_class: '500',
  education_institute: 'University of Sydney',
  student_number: 'S123',
  has_australian_address: true,
  street_address_1: '1 George Street',
  state_id: nsw,
  city_id: sydney,
  post_code: '2000',
  ...over,
})

/** nib (1) SINGLE, 2027-02-01..2028-01-31 (365 days): round(5210 x 12 x 365 / 365) = 62520 cents. */
export const quote = (over: Record<string, unknown> = {}) => ({
  insurance_provider_id: 1,
  policy_type: 'SINGLE',
  start_date: '2027-02-01',
  end_date: '2028-01-31',
  is_policy_number_available: false,
  ...over,
})

export const student = (over: Record<string, unknown> = {}) => ({
  customer: { ...personal(), ...otherDetails() },
  partner: null,
  family_members: [],
  policy: quote(),
  ...over,
})

export const partner = { title: 'Mr', first_name: 'Sam', last_name: 'Nguyen', dob: '2003-01-01' }
export const child = { first_name: 'Kim', last_name: 'Nguyen', dob: '2022-01-01', relationship: 'CHILD' }

export const policyRow = async (id: number) =>
  (await getDb().select().from(policies).where(eq(policies.id, id)))[0]
export const historyOf = (id: number) =>
  getDb()
    .select()
    .from(policyHistories)
    .where(eq(policyHistories.policy_id, id))
    .orderBy(asc(policyHistories.id))

export async function premiumInvoices(policyId: number) {
  return getDb()
    .select({ invoice: invoices, item: invoiceLineItems })
    .from(invoiceLineItems)
    .innerJoin(invoices, eq(invoices.id, invoiceLineItems.invoice_id))
    .where(eq(invoiceLineItems.policy_id, policyId))
    .orderBy(asc(invoices.id))
}

/** An agency user of `token`'s agency whose role holds `permissions`, and their token. */
export async function agencyUser(token: string, permissions: string[]) {
  const role = await api('POST', `${USERS}/createAgencyUserRole`, {
    token,
    body: { name: `Role ${++seq}` },
  })
  expect(role.status, JSON.stringify(role.body)).toBe(201)
  if (permissions.length) {
    const all = await api('GET', `${USERS}/getAgencyUserPemissions`, { token })
    const ids = all.body.data.filter((p: any) => permissions.includes(p.name)).map((p: any) => p.id)
    const assigned = await api('POST', `${USERS}/AssignPermissionforAgencyRole/${role.body.data.id}`, {
      token,
      body: { agency_permission_id: ids },
    })
    expect(assigned.status).toBe(200)
  }
  const email = unique('agent')
  const created = await api('POST', `${USERS}/createAgencyUser`, {
    token,
    body: { first_name: 'Ada', last_name: 'Agent', email, agency_role_id: role.body.data.id },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const userToken = await login(email, tempPasswordFrom((await lastMail(email)).text)!)
  return { id: created.body.data.id as number, token: userToken }
}

// Route modules called as Remix calls them (the screens' tests).

export const req = (
  path: string,
  token: string,
  init: { method?: string; form?: Record<string, string> } = {},
) => {
  const body = init.form ? new URLSearchParams(init.form) : undefined
  return new Request(`http://test.local${path}`, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body,
  })
}
/** Loaders and actions answer plain data, `data()` wrappers or (redirect) responses, thrown or returned. */
export async function call<T>(fn: () => Promise<T>) {
  try {
    return await fn()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown as unknown as T
    throw thrown
  }
}
export const location = (r: unknown) => (r instanceof Response ? r.headers.get('location') : null)
export const payload = (r: unknown) =>
  (r && typeof r === 'object' && 'data' in r && 'init' in r ? (r as { data: any }).data : r) as any
