// Reading policies: the agency and staff lists (filters, sort, pages, exports, archive), the staff
// search, a policy's detail, meta and history, and the calls in the OpenAPI document.
import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policies } from '../../db/schema'
import ExcelJS from 'exceljs'
import { handleApiRequest } from '../../api/router.server'
import { createAgency, createPolicy } from '../../db/seed/factories'
import { agencyWithToken, api } from '../setup/api'
import {
  A,
  B,
  BASE,
  child,
  historyOf,
  partner,
  quote,
  setUpPolicyFixtures,
  STAFF,
  staff,
  student,
  unique,
} from '../setup/policies'

setUpPolicyFixtures()

describe('policy lists', () => {
  let agency: Awaited<ReturnType<typeof agencyWithToken>>
  const made: Record<string, { id: number; ref: string; premium: number | null }> = {}

  beforeAll(async () => {
    agency = await agencyWithToken()
    const db = getDb()
    const add = async (key: string, opts: Omit<Parameters<typeof createPolicy>[1], 'agencyId'>) => {
      const { policy } = await createPolicy(db, { ...opts, agencyId: agency.agency.id })
      made[key] = { id: policy.id, ref: policy.ref, premium: policy.premium }
    }
    await add('draft', { status: 'OTHER_DETAILS_ADDED', firstName: 'Dora', lastName: 'Draft' })
    await add('initiated', {
      status: 'INITIATED',
      firstName: 'Ivan',
      lastName: 'Init',
      email: unique('ivan.init'),
      startDate: '2027-03-01',
      endDate: '2027-08-31',
    })
    await add('purchased', { status: 'PURCHASED', firstName: 'Paula', lastName: 'Purchased', providerId: 3 })
    await add('approved', {
      status: 'PAYMENT_APPROVED',
      firstName: 'Abel',
      lastName: 'Approved',
      policyType: 'COUPLE',
      startDate: '2027-06-01',
      endDate: '2028-05-31',
    })
    await add('issued', {
      status: 'CERTIFICATE_ISSUED',
      firstName: 'Iris',
      lastName: 'Issued',
      providerId: 3,
    })
    // Another agency's policy never shows.
    await createPolicy(db, { agencyId: A.agency.id, status: 'INITIATED', firstName: 'Other' })
  })

  const list = (query: Record<string, string | string[]> = {}, token = agency.token) =>
    api('GET', `${BASE}/getPoliciesByStatus/${agency.agency.id}`, { token, query })
  const refs = (r: { body: any }) => r.body.data.map((p: any) => p.ref)

  it('lists the agency policies newest first with the rendered columns', async () => {
    const r = await list()
    expect(r.status).toBe(200)
    expect(refs(r)).toEqual(['issued', 'approved', 'purchased', 'initiated', 'draft'].map((k) => made[k].ref))
    expect(r.body.pageInfo).toEqual({ page: 1, perPage: 10, total: 5, totalPages: 1 })
    const row = r.body.data.find((p: any) => p.id === made.approved.id)
    expect(row).toMatchObject({
      ref: made.approved.ref,
      status: 'PAYMENT_APPROVED',
      status_label: 'Payment approved',
      policy_type: 'COUPLE',
      start_date: '2027-06-01',
      end_date: '2028-05-31',
      premium: made.approved.premium! / 100,
      customer: { name: 'Abel Approved' },
      provider: { id: 1, name: 'nib' },
      provider_payment_status: 'NOT_AVAILABLE',
      user_defined_status: null,
      assigned_to: null,
    })
    expect(row.purchased_at).toBeTruthy()
  })

  it('filters by status, table, provider, type, dates, e-mail and search', async () => {
    expect(refs(await list({ 'status[]': ['INITIATED', 'PURCHASED'] }))).toEqual([
      made.purchased.ref,
      made.initiated.ref,
    ])
    expect(refs(await list({ table: 'certificates' }))).toEqual([made.issued.ref, made.approved.ref])
    expect(refs(await list({ 'provider_filter[]': '3' }))).toEqual([made.issued.ref, made.purchased.ref])
    expect(refs(await list({ 'policy_type_filter[]': 'COUPLE' }))).toEqual([made.approved.ref])
    expect(refs(await list({ start_date_from: '2027-02-15', start_date_to: '2027-06-30' }))).toEqual([
      made.approved.ref,
      made.initiated.ref,
    ])
    expect(refs(await list({ end_date_to: '2027-12-31' }))).toEqual([made.initiated.ref])
    expect(refs(await list({ email: 'ivan.init' }))).toEqual([made.initiated.ref])
    expect(refs(await list({ global_filter: 'paula purch' }))).toEqual([made.purchased.ref])
    expect(refs(await list({ global_filter: 'nobody-like-this' }))).toEqual([])
    expect(refs(await list({ global_filter: 'Purchased' }))).toEqual([made.purchased.ref])
    expect(refs(await list({ global_filter: made.issued.ref.toLowerCase() }))).toEqual([made.issued.ref])
    expect(refs(await list({ table: 'cancellations' }))).toEqual([])
  })

  it('sorts by a whitelisted key and pages in SQL; an unknown key is a 400', async () => {
    const byName = await list({ sort_key: 'customer_name', sort_direction: 'true' })
    // lower(first || ' ' || last): abel, dora, iris, ivan, paula.
    expect(byName.body.data.map((p: any) => p.customer.last_name)).toEqual([
      'Approved',
      'Draft',
      'Issued',
      'Init',
      'Purchased',
    ])
    const byStart = await list({ sort_key: 'start_date', sort_direction: 'false', 'status[]': 'INITIATED' })
    expect(refs(byStart)).toEqual([made.initiated.ref])
    const page2 = await list({ sort_key: 'customer_name', sort_direction: 'true', perPage: '2', page: '2' })
    expect(page2.body.data.map((p: any) => p.customer.last_name)).toEqual(['Issued', 'Init'])
    expect(page2.body.pageInfo).toEqual({ page: 2, perPage: 2, total: 5, totalPages: 3 })
    const expiry = await list({ sortByExpiryDate: 'true', 'status[]': ['INITIATED', 'PAYMENT_APPROVED'] })
    expect(refs(expiry)).toEqual([made.initiated.ref, made.approved.ref])
    const bad = await list({ sort_key: 'password' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ sort_key: ['Unknown sort key'] })
  })

  it('exports the filtered list as CSV and XLSX', async () => {
    const csv = await api('POST', `${BASE}/exportPoliciesByStatus/${agency.agency.id}`, {
      token: agency.token,
      query: { table: 'certificates', sort_key: 'ref', sort_direction: 'true' },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (csv.body as string).trim().split('\r\n')
    expect(lines[0]).toBe(
      'Ref,Status,Student,Email,Passport,Insurer,Policy type,Start date,End date,Premium (AUD),Payment method,Agency,User-defined status,Provider payment status,Created at,Purchased at',
    )
    expect(lines).toHaveLength(3)
    const sorted = [made.approved.ref, made.issued.ref].sort()
    expect(lines[1].startsWith(`${sorted[0]},`)).toBe(true)
    expect(lines[2].startsWith(`${sorted[1]},`)).toBe(true)
    expect(csv.body).toContain('Abel Approved')
    expect(csv.body).toContain((made.approved.premium! / 100).toFixed(2))
    expect(csv.body).not.toContain('Paula')
    // POST getPoliciesByStatus is the same export.
    const viaList = await api('POST', `${BASE}/getPoliciesByStatus/${agency.agency.id}`, {
      token: agency.token,
      query: { 'status[]': 'PURCHASED' },
    })
    expect((viaList.body as string).trim().split('\r\n')).toHaveLength(2)
    const xlsx = await api('POST', `${BASE}/exportPoliciesByStatus/${agency.agency.id}`, {
      token: agency.token,
      query: { format: 'xlsx' },
    })
    expect(xlsx.status).toBe(200)
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml')
    expect(
      (await api('POST', `${BASE}/exportPoliciesByStatus/${agency.agency.id}`, { token: B.token })).status,
    ).toBe(404)
  })

  it('lets staff list every agency, narrowed by agency_filter, and export', async () => {
    const r = await api('GET', `${STAFF}/getPoliciesByStatus`, {
      token: staff,
      query: { 'agency_filter[]': String(agency.agency.id), perPage: '100' },
    })
    expect(r.status).toBe(200)
    expect(r.body.pageInfo.total).toBe(5)
    expect(r.body.data[0].agency).toEqual({
      id: agency.agency.id,
      name: agency.agency.full_company_name,
      email: agency.agency.email,
    })
    const all = await api('GET', `${STAFF}/getPoliciesByStatus`, { token: staff, query: { perPage: '100' } })
    expect(all.body.pageInfo.total).toBeGreaterThan(5)
    const csv = await api('POST', `${STAFF}/exportPoliciesByStatus`, {
      token: staff,
      query: { 'agency_filter[]': String(agency.agency.id), 'status[]': 'PURCHASED' },
    })
    expect((csv.body as string).trim().split('\r\n')).toHaveLength(2)
  })

  // spec/02 section 7.3: the last call of the specification to be served (issue 23, item 6).
  it('exportPolicyReportForAdmin: the staff report of every policy, archived too, filtered, as CSV and XLSX', async () => {
    const REPORT = `${STAFF}/exportPolicyReportForAdmin`
    const filter = {
      'agency_filter[]': String(agency.agency.id),
      'provider_filter[]': '3',
      sort_key: 'ref',
      sort_direction: 'true',
    }
    await getDb().update(policies).set({ is_archived: true }).where(eq(policies.id, made.purchased.id))
    try {
      const csv = await api('POST', REPORT, { token: staff, query: filter })
      expect(csv.status).toBe(200)
      expect(csv.headers.get('content-type')).toContain('text/csv')
      expect(csv.headers.get('content-disposition')).toMatch(
        /^attachment; filename="policy-report-\d{4}-\d{2}-\d{2}\.csv"$/,
      )
      const lines = (csv.body as string).trim().split('\r\n')
      expect(lines[0]).toBe(
        'Ref,Status,Student,Email,Passport,Insurer,Policy type,Start date,End date,Premium (AUD),Payment method,Agency,User-defined status,Provider payment status,Created at,Purchased at,Agency email,Cancellation request,Archived',
      )
      // Insurer 3 of this agency: the purchased policy (archived) and the issued one, by ref.
      const expected = [made.purchased, made.issued].sort((a, b) => a.ref.localeCompare(b.ref))
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(expected.map((p) => p.ref))
      const byRef = Object.fromEntries(lines.slice(1).map((l) => [l.split(',')[0], l.split(',')]))
      expect(byRef[made.purchased.ref].slice(-3)).toEqual([agency.agency.email, 'NO_CANCELLATION', 'yes'])
      expect(byRef[made.issued.ref].slice(-3)).toEqual([agency.agency.email, 'NO_CANCELLATION', 'no'])
      expect(byRef[made.purchased.ref][2]).toBe('Paula Purchased')
      expect(byRef[made.issued.ref][1]).toBe('Certificate issued')
      expect(csv.body).not.toContain('Abel Approved')
      // The list export leaves the archived policy out; the report is the whole book.
      const listExport = await api('POST', `${STAFF}/exportPoliciesByStatus`, { token: staff, query: filter })
      expect(
        (listExport.body as string)
          .trim()
          .split('\r\n')
          .slice(1)
          .map((l) => l.split(',')[0]),
      ).toEqual([made.issued.ref])
      const byStatus = await api('POST', REPORT, {
        token: staff,
        query: { ...filter, 'status[]': 'PURCHASED' },
      })
      expect((byStatus.body as string).trim().split('\r\n')).toHaveLength(2)

      // XLSX: the same rows in a workbook a spreadsheet opens.
      const url = new URL(`http://test.local/api${REPORT}`)
      for (const [k, v] of Object.entries({ ...filter, format: 'xlsx' })) url.searchParams.append(k, v)
      const res = await handleApiRequest(
        new Request(url, { method: 'POST', headers: { authorization: `Bearer ${staff}` } }),
        { clientIp: '127.0.0.1' },
      )
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('spreadsheetml')
      expect(res.headers.get('content-disposition')).toContain('.xlsx')
      const book = new ExcelJS.Workbook()
      await book.xlsx.load(await res.arrayBuffer())
      const sheet = book.worksheets[0]
      const rows: unknown[][] = []
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
      expect(rows[0]).toEqual(lines[0].split(','))
      expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((p) => p.ref))
      expect(rows.slice(1).map((r) => r[r.length - 1])).toEqual(
        expected.map((p) => (p.id === made.purchased.id ? 'yes' : 'no')),
      )
      expect(rows.find((r) => r[0] === made.purchased.ref)![2]).toBe('Paula Purchased')

      // Staff only: an agency admin (this agency's or another's) is refused, and so is no login.
      for (const token of [agency.token, A.token]) {
        const refused = await api('POST', REPORT, { token, query: filter })
        expect(refused.status).toBe(403)
        expect(refused.headers.get('content-type')).toContain('json')
      }
      expect((await api('POST', REPORT, { query: filter })).status).toBe(401)

      // Listed in the OpenAPI document built from the endpoint table.
      const doc = (await api('GET', '/openapi.json')).body
      expect(doc.paths[`/api${REPORT}`]?.post?.summary).toContain('staff policy report')
    } finally {
      await getDb().update(policies).set({ is_archived: false }).where(eq(policies.id, made.purchased.id))
    }
  })

  it('archives: hidden from the list, shown in the archive, restored again', async () => {
    const archive = await api('POST', `${BASE}/archivePolicy`, {
      token: agency.token,
      body: { policy_id: made.draft.id, is_archived: true },
    })
    expect(archive.status).toBe(200)
    expect(refs(await list())).not.toContain(made.draft.ref)
    const archived = await api('GET', `${BASE}/getArchivePolicies/${agency.agency.id}`, {
      token: agency.token,
    })
    expect(refs(archived)).toEqual([made.draft.ref])
    const staffArchive = await api('GET', `${STAFF}/getArchivePolicies`, {
      token: staff,
      query: { 'agency_filter[]': String(agency.agency.id) },
    })
    expect(refs(staffArchive)).toEqual([made.draft.ref])
    expect(
      (
        await api('POST', `${BASE}/archivePolicy`, {
          token: agency.token,
          body: { policy_id: made.draft.id, is_archived: 'false' },
        })
      ).status,
    ).toBe(200)
    expect(refs(await list())).toContain(made.draft.ref)
    const history = await historyOf(made.draft.id)
    expect(history.map((h) => h.action).slice(-2)).toEqual(['archivePolicy', 'unarchivePolicy'])
  })
})

describe('searchPolicies (staff)', () => {
  it('pages 20 at a time by id with a cursor', async () => {
    const agency = await createAgency(getDb())
    const last = `Zed${Date.now().toString(36)}`
    const ids: number[] = []
    for (let i = 0; i < 25; i++) {
      ids.push((await createPolicy(getDb(), { agencyId: agency.id, lastName: last })).policy.id)
    }
    const first = await api('GET', `${STAFF}/searchPolicies`, { token: staff, query: { search: last } })
    expect(first.status).toBe(200)
    expect(first.body.data.total).toBe(25)
    expect(first.body.data.data).toHaveLength(20)
    const desc = [...ids].sort((a, b) => b - a)
    expect(first.body.data.data.map((p: any) => p.id)).toEqual(desc.slice(0, 20))
    expect(first.body.data.nextCursor).toBe(desc[19])
    const second = await api('GET', `${STAFF}/searchPolicies`, {
      token: staff,
      query: { search: last, cursor: String(first.body.data.nextCursor) },
    })
    expect(second.body.data.data.map((p: any) => p.id)).toEqual(desc.slice(20))
    expect(second.body.data.nextCursor).toBeNull()
    expect(second.body.data.total).toBe(25)
    expect((await api('GET', `${STAFF}/searchPolicies`, { token: A.token })).status).toBe(403)
  })
})

describe('policy reads', () => {
  it('answers the detail, meta, history, customer by ref and the status lists', async () => {
    const created = await api('POST', `${BASE}/createStudentDetails`, {
      token: A.token,
      body: student({ partner, family_members: [child], policy: quote({ policy_type: 'FAMILY' }) }),
    })
    const { policyId } = created.body.data
    const detail = await api('GET', `${BASE}/getPoliciesDetailsById/${policyId}`, { token: A.token })
    expect(detail.status).toBe(200)
    expect(detail.body.data).toMatchObject({
      policy: { id: policyId, status: 'INITIATED', status_label: 'Initiated', policy_type: 'FAMILY' },
      customer: { first_name: 'Mia', city_name: 'Sydney' },
      partner: { first_name: 'Sam' },
      family_members: [{ first_name: 'Kim' }],
      provider: { id: 1, display_name: 'nib OSHC' },
      agency: { id: A.agency.id },
      payments: [],
      invoices: [{ invoice_type: 'PREMIUM', status: 'PENDING' }],
      certificates: [],
      meta: { can_edit: true, can_pay: true, can_upload_certificate: false, resume_step: null },
    })
    const staffDetail = await api('GET', `${STAFF}/getPolicieById/${policyId}`, { token: staff })
    expect(staffDetail.body.data.policy.id).toBe(policyId)
    const meta = await api('GET', `${BASE}/getPolicyMeta/${policyId}`, { token: A.token })
    expect(meta.body.data).toMatchObject({ status: 'INITIATED', can_pay: true, certificate_issued: false })
    const byId = await api('GET', `${BASE}/getPolicyById/${policyId}`, { token: A.token })
    expect(byId.body.data.premium).toBeGreaterThan(0)
    const history = await api('GET', `${BASE}/getPolicyHistory/${policyId}`, { token: A.token })
    expect(history.body.data).toEqual([
      expect.objectContaining({ policyId, action: 'createStudentDetails', status: 'INITIATED' }),
    ])
    const ref = byId.body.data.ref
    const byRef = await api('GET', `${STAFF}/getCustomerDetailByPolicyRef/${ref}`, { token: staff })
    expect(byRef.body.data).toMatchObject({ policy_id: policyId, customer: { first_name: 'Mia' } })
    expect(
      (await api('GET', `${STAFF}/getCustomerDetailByPolicyRef/POL-NOPE`, { token: staff })).status,
    ).toBe(404)
    const byPolicy = await api('GET', `${STAFF}/getCustomerDetailByPolicyId/${policyId}`, { token: staff })
    expect(byPolicy.body.data.family_members).toHaveLength(1)
    const statuses = await api('GET', `${STAFF}/getPolicyStatuses`, { token: staff })
    expect(statuses.body.data.statuses).toContainEqual({
      value: 'PURCHASED',
      label: 'Payment verification pending',
    })
    expect(statuses.body.data.user_defined_statuses).toHaveLength(8)
  })
})

it('documents the policy calls in the OpenAPI document', async () => {
  const r = await api('GET', '/openapi.json')
  expect(Object.keys(r.body.paths)).toEqual(
    expect.arrayContaining([
      `/api${BASE}/createStudentDetails`,
      `/api${BASE}/getPoliciesByStatus/{agency_id}`,
      `/api${BASE}/{policyId}/certificate`,
      `/api${STAFF}/searchPolicies`,
      `/api${STAFF}/uploadPolicyCertificate/{policyId}`,
    ]),
  )
  expect(
    r.body.paths[`/api${BASE}/getPoliciesByStatus/{agency_id}`].get.parameters.map((p: any) => p.name),
  ).toContain('sort_key')
})
