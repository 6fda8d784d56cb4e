import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import { rm } from 'node:fs/promises'
import { getDb } from '../../db/client'
import { files, outboxMails, policies, policyCertificates, policyHistories } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { action, loader } from '../../app/routes/files+/$'
import { agencyWithToken, api, lastMail, staffToken } from '../setup/api'

// Certificate bytes of this file go to their own directory (set before config() is first read).
const dataDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const dir = mkdtempSync(join(tmpdir(), 'oshc-certificates-'))
  process.env.DATA_DIR = dir
  return dir
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

const BASE = '/agencies/policy-management'
const STAFF = '/oshc/policy-management'
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')

let staff: string
let A: Awaited<ReturnType<typeof agencyWithToken>>
let B: Awaited<ReturnType<typeof agencyWithToken>>

beforeAll(async () => {
  staff = await staffToken()
  A = await agencyWithToken()
  B = await agencyWithToken()
})

const splatOf = (u: URL) => decodeURIComponent(u.pathname.replace(/^\/files\//, ''))

/** A PDF uploaded by staff through the presigned flow; returns its key. */
async function uploadedPdf(filename = 'nib certificate.pdf') {
  const r = await api('POST', '/files/getUploadPresignedUrl', {
    token: staff,
    body: { filename, content_type: 'application/pdf', size: PDF.length, folder: 'private' },
  })
  expect(r.status).toBe(200)
  const u = new URL(r.body.data.url)
  const res = await action({
    request: new Request(u, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PDF }),
    params: { '*': splatOf(u) },
    context: {},
  })
  expect(res.status).toBe(200)
  return r.body.data.key as string
}

const paidPolicy = async (status: 'PAYMENT_APPROVED' | 'INITIATED' = 'PAYMENT_APPROVED') =>
  (await createPolicy(getDb(), { agencyId: A.agency.id, status })).policy
const policyRow = async (id: number) => (await getDb().select().from(policies).where(eq(policies.id, id)))[0]
const certificatesOf = (id: number) =>
  getDb()
    .select()
    .from(policyCertificates)
    .where(eq(policyCertificates.policy_id, id))
    .orderBy(asc(policyCertificates.id))
const historyOf = async (id: number) =>
  (
    await getDb()
      .select()
      .from(policyHistories)
      .where(eq(policyHistories.policy_id, id))
      .orderBy(asc(policyHistories.id))
  ).map((h) => [h.action, h.status])
const studentEmail = async (policyId: number) => {
  const r = await api('GET', `${STAFF}/getCustomerDetailByPolicyId/${policyId}`, { token: staff })
  return r.body.data.customer.email as string
}
const mailsTo = (email: string) => getDb().select().from(outboxMails).where(eq(outboxMails.to, email))

const upload = (policyId: number, body: Record<string, unknown>, token = staff) =>
  api('POST', `${STAFF}/uploadPolicyCertificate/${policyId}`, { token, body })
const issue = (policyId: number, body: Record<string, unknown> = {}, token = staff) =>
  api('POST', `${BASE}/issuePolicyCertificate/${policyId}`, { token, body })
const remove = (policyId: number, query: Record<string, string>, token = staff) =>
  api('DELETE', `${BASE}/${policyId}/certificate`, { token, query })

describe('certificate upload, issue and download', () => {
  it('uploads, issues with a mail to the student, then lets the agency download it', async () => {
    const policy = await paidPolicy()
    const key = await uploadedPdf()
    const up = await upload(policy.id, {
      certificate_url: key,
      certificate_name: 'nib certificate.pdf',
      membership_number: 'M-100',
      policy_number: 'NIB-P-1',
    })
    expect(up.status, JSON.stringify(up.body)).toBe(200)
    expect(await policyRow(policy.id)).toMatchObject({
      status: 'CERTIFICATE_UPLOADED',
      membership_number: 'M-100',
      policy_number: 'NIB-P-1',
    })
    const [cert] = await certificatesOf(policy.id)
    expect(cert).toMatchObject({ certificate_type: 'new', certificate_url: key, issued_at: null })

    // Not issued yet: the agency neither sees nor downloads it.
    const early = await api('GET', `${BASE}/downloadCertificate/${policy.id}`, { token: A.token })
    expect(early.status).toBe(409)
    expect(early.body.message).toBe('The certificate has not been issued yet')
    const hidden = await api('GET', `${BASE}/getPolicyCertificate/${policy.id}`, { token: A.token })
    expect(hidden.body.data.certificates).toEqual([])

    const issued = await issue(policy.id)
    expect(issued.status, JSON.stringify(issued.body)).toBe(200)
    const email = await studentEmail(policy.id)
    expect(issued.body.data).toMatchObject({ status: 'CERTIFICATE_ISSUED', emailed_to: email })
    expect((await policyRow(policy.id)).status).toBe('CERTIFICATE_ISSUED')
    expect((await certificatesOf(policy.id))[0].issued_at).not.toBeNull()
    const mail = await lastMail(email)
    expect(mail.subject).toBe(`Your OSHC certificate for policy ${policy.ref}`)
    expect(mail.text).toContain('Membership number: M-100')
    expect(mail.text).toContain('Policy number: NIB-P-1')
    expect(mail.text).toContain('Attached: nib certificate.pdf')

    const seen = await api('GET', `${BASE}/getPolicyCertificate/${policy.id}`, { token: A.token })
    expect(seen.body.data.certificates).toEqual([
      expect.objectContaining({ certificate_type: 'new', membership_number: 'M-100', is_issued: true }),
    ])
    const download = await api('GET', `${BASE}/downloadCertificate/${policy.id}`, { token: A.token })
    expect(download.status).toBe(200)
    const url = new URL(download.body.data.url)
    expect(url.pathname).toContain('/files/download/')
    const file = await loader({ request: new Request(url), params: { '*': splatOf(url) }, context: {} })
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF)
    // Another agency learns nothing.
    expect((await api('GET', `${BASE}/downloadCertificate/${policy.id}`, { token: B.token })).status).toBe(
      404,
    )

    expect(await historyOf(policy.id)).toEqual([
      ['SEEDED', 'PAYMENT_APPROVED'],
      ['uploadCertificate', 'CERTIFICATE_UPLOADED'],
      ['issueCertificate', 'CERTIFICATE_ISSUED'],
    ])
    // Issuing twice is refused.
    expect((await issue(policy.id)).status).toBe(409)
  })

  it('sends no mail when shouldSendEmail is false', async () => {
    const policy = await paidPolicy()
    const key = await uploadedPdf()
    expect(
      (await upload(policy.id, { certificate_url: key, certificate_name: 'c.pdf', membership_number: 'M-2' }))
        .status,
    ).toBe(200)
    const r = await issue(policy.id, { shouldSendEmail: false })
    expect(r.status).toBe(200)
    expect(r.body.data.emailed_to).toBeNull()
    expect((await policyRow(policy.id)).status).toBe('CERTIFICATE_ISSUED')
    expect(await mailsTo(await studentEmail(policy.id))).toHaveLength(0)
  })

  it('uploads and issues in one call when the body carries the certificate', async () => {
    const policy = await paidPolicy()
    const key = await uploadedPdf('one step.pdf')
    const r = await issue(policy.id, {
      certificate_url: key,
      certificate_name: 'one step.pdf',
      membership_number: 'M-3',
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(await policyRow(policy.id)).toMatchObject({
      status: 'CERTIFICATE_ISSUED',
      membership_number: 'M-3',
    })
    expect(await historyOf(policy.id)).toEqual([
      ['SEEDED', 'PAYMENT_APPROVED'],
      ['uploadCertificate', 'CERTIFICATE_UPLOADED'],
      ['issueCertificate', 'CERTIFICATE_ISSUED'],
    ])
    expect((await lastMail(await studentEmail(policy.id))).text).toContain('Attached: one step.pdf')
    // A certificate in the body needs its membership number.
    const missing = await issue(policy.id, { certificate_url: key, certificate_name: 'x.pdf' })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ membership_number: ['membership_number is required'] })
  })

  it('refuses an unreadable certificate file before issuing (409, nothing changes)', async () => {
    const policy = await paidPolicy()
    const key = `private/missing-bytes-${policy.id}.pdf`
    await getDb().insert(files).values({
      key,
      folder: 'private',
      filename: 'missing.pdf',
      content_type: 'application/pdf',
      size: 10,
      uploaded_at: new Date(),
    })
    expect(
      (await upload(policy.id, { certificate_url: key, certificate_name: 'm.pdf', membership_number: 'M-4' }))
        .status,
    ).toBe(200)
    const r = await issue(policy.id)
    expect(r.status).toBe(409)
    expect((await policyRow(policy.id)).status).toBe('CERTIFICATE_UPLOADED')
    expect((await certificatesOf(policy.id))[0].issued_at).toBeNull()
    // Without a mail, the file is not needed.
    expect((await issue(policy.id, { shouldSendEmail: false })).status).toBe(200)
  })
})

describe('replacing and deleting certificates', () => {
  it('keeps the previous certificate as old; deleting old keeps the status, deleting new goes back to paid', async () => {
    const policy = await paidPolicy()
    const first = await uploadedPdf('first.pdf')
    const second = await uploadedPdf('second.pdf')
    await upload(policy.id, {
      certificate_url: first,
      certificate_name: 'first.pdf',
      membership_number: 'M-5',
    })
    expect((await issue(policy.id, { shouldSendEmail: false })).status).toBe(200)
    // A replacement may be uploaded after issue; it must be issued again.
    const replaced = await upload(policy.id, {
      certificate_url: second,
      certificate_name: 'second.pdf',
      membership_number: 'M-6',
    })
    expect(replaced.status).toBe(200)
    const certs = await certificatesOf(policy.id)
    expect(certs.map((c) => [c.certificate_name, c.certificate_type])).toEqual([
      ['first.pdf', 'old'],
      ['second.pdf', 'new'],
    ])
    expect(await policyRow(policy.id)).toMatchObject({
      status: 'CERTIFICATE_UPLOADED',
      membership_number: 'M-6',
    })

    const all = await api('GET', `${STAFF}/getCertificateByPolicyId/${policy.id}`, { token: staff })
    expect(all.body.data.map((c: any) => [c.certificate_type, c.url.includes('/files/download/')])).toEqual([
      ['new', true],
      ['old', true],
    ])

    const bad = await remove(policy.id, { certificate_type: 'current' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ certificate_type: ['certificate_type must be old or new'] })
    expect(
      (await remove(policy.id, { certificate_type: 'old', certificateId: String(certs[1].id) })).status,
    ).toBe(404)
    const old = await remove(policy.id, { certificate_type: 'old' })
    expect(old.status).toBe(200)
    expect((await policyRow(policy.id)).status).toBe('CERTIFICATE_UPLOADED')
    expect((await remove(policy.id, { certificate_type: 'old' })).status).toBe(404)

    const current = await remove(policy.id, { certificate_type: 'new', certificateId: String(certs[1].id) })
    expect(current.status).toBe(200)
    expect(current.body.data.status).toBe('PAYMENT_APPROVED')
    expect(await policyRow(policy.id)).toMatchObject({ status: 'PAYMENT_APPROVED' })
    expect(await certificatesOf(policy.id)).toEqual([])
    // Nothing left to delete, and the status no longer allows it.
    expect((await remove(policy.id, { certificate_type: 'new' })).status).toBe(409)
    const actions = (await historyOf(policy.id)).map(([a]) => a)
    expect(actions.slice(-2)).toEqual(['deleteCertificate', 'deleteCertificate'])
  })

  it('returns a policy bought with BNPL to PAYMENT_BY_BUY_NOW_PAY_LATER', async () => {
    const policy = await paidPolicy()
    await getDb()
      .update(policies)
      .set({ status: 'PAYMENT_BY_BUY_NOW_PAY_LATER', payment_method: 'BNPL' })
      .where(eq(policies.id, policy.id))
    const key = await uploadedPdf()
    expect(
      (await upload(policy.id, { certificate_url: key, certificate_name: 'b.pdf', membership_number: 'M-7' }))
        .status,
    ).toBe(200)
    const r = await remove(policy.id, { certificate_type: 'new' })
    expect(r.status).toBe(200)
    expect((await policyRow(policy.id)).status).toBe('PAYMENT_BY_BUY_NOW_PAY_LATER')
  })
})

describe('refusals', () => {
  it('refuses certificate actions in the wrong state (409)', async () => {
    const initiated = await paidPolicy('INITIATED')
    const key = await uploadedPdf()
    const up = await upload(initiated.id, {
      certificate_url: key,
      certificate_name: 'c.pdf',
      membership_number: 'M',
    })
    expect(up.status).toBe(409)
    expect(up.body.message).toContain('INITIATED')
    expect(await certificatesOf(initiated.id)).toEqual([])
    const paid = await paidPolicy()
    expect((await issue(paid.id)).status).toBe(409)
    expect((await remove(paid.id, { certificate_type: 'new' })).status).toBe(409)
    expect((await api('GET', `${BASE}/downloadCertificate/${paid.id}`, { token: A.token })).status).toBe(404)
    expect((await policyRow(paid.id)).status).toBe('PAYMENT_APPROVED')
  })

  it('checks the file and the fields', async () => {
    const policy = await paidPolicy()
    const unknown = await upload(policy.id, {
      certificate_url: 'private/nothing-here.pdf',
      certificate_name: 'c.pdf',
      membership_number: 'M',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual({ certificate_url: ['File not found'] })
    const empty = await upload(policy.id, {})
    expect(empty.status).toBe(400)
    expect(Object.keys(empty.body.errors).sort()).toEqual([
      'certificate_name',
      'certificate_url',
      'membership_number',
    ])
    expect((await policyRow(policy.id)).status).toBe('PAYMENT_APPROVED')
  })

  it('keeps certificate writes for staff with policy_management (401 / 403)', async () => {
    const policy = await paidPolicy()
    const key = await uploadedPdf()
    const body = { certificate_url: key, certificate_name: 'c.pdf', membership_number: 'M' }
    expect((await upload(policy.id, body, A.token)).status).toBe(403)
    expect((await issue(policy.id, body, A.token)).status).toBe(403)
    expect((await remove(policy.id, { certificate_type: 'new' }, A.token)).status).toBe(403)
    expect((await api('POST', `${STAFF}/uploadPolicyCertificate/${policy.id}`, { body })).status).toBe(401)
    expect(
      (await api('GET', `${STAFF}/getCertificateByPolicyId/${policy.id}`, { token: A.token })).status,
    ).toBe(403)
    expect(
      await getDb()
        .select()
        .from(policyCertificates)
        .where(and(eq(policyCertificates.policy_id, policy.id))),
    ).toEqual([])
  })
})

describe('certificate screens', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  async function call(fn: () => Promise<unknown>) {
    try {
      return await fn()
    } catch (thrown) {
      if (thrown instanceof Response) return thrown
      throw thrown
    }
  }

  it('uploads with a file input, issues without e-mail, and the agency downloads through its page', async () => {
    const policy = await paidPolicy()
    const staffPage = await import('../../app/routes/staff+/policies.$policyId._index/route')
    const params = { policyId: String(policy.id) }
    const form = new FormData()
    form.set('intent', 'upload-certificate')
    form.set('membership_number', 'SCR-1')
    form.set('certificate', new File([PDF], 'screen certificate.pdf', { type: 'application/pdf' }))
    const uploaded = (await call(() =>
      staffPage.action({
        request: new Request(`http://test.local/staff/policies/${policy.id}`, {
          method: 'POST',
          headers: bearer(staff),
          body: form,
        }),
        params,
        context: {},
      }),
    )) as Response
    expect(uploaded.headers.get('location')).toBe(`/staff/policies/${policy.id}`)
    expect(await policyRow(policy.id)).toMatchObject({
      status: 'CERTIFICATE_UPLOADED',
      membership_number: 'SCR-1',
    })

    const issueForm = new URLSearchParams({ intent: 'issue-certificate' })
    const issued = (await call(() =>
      staffPage.action({
        request: new Request(`http://test.local/staff/policies/${policy.id}`, {
          method: 'POST',
          headers: { ...bearer(staff), 'content-type': 'application/x-www-form-urlencoded' },
          body: issueForm,
        }),
        params,
        context: {},
      }),
    )) as Response
    expect(issued.status).toBe(302)
    expect((await policyRow(policy.id)).status).toBe('CERTIFICATE_ISSUED')
    // The unchecked "send e-mail" box means no mail.
    expect(await mailsTo(await studentEmail(policy.id))).toHaveLength(0)

    const download = await import('../../app/routes/agency+/policies.$policyId.certificate')
    const redirect = (await call(() =>
      download.loader({
        request: new Request(`http://test.local/agency/policies/${policy.id}/certificate`, {
          headers: bearer(A.token),
        }),
        params,
        context: {},
      }),
    )) as Response
    const url = new URL(redirect.headers.get('location')!)
    const file = await loader({ request: new Request(url), params: { '*': splatOf(url) }, context: {} })
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF)
    const foreign = (await call(() =>
      download.loader({
        request: new Request(`http://test.local/agency/policies/${policy.id}/certificate`, {
          headers: bearer(B.token),
        }),
        params,
        context: {},
      }),
    )) as Response
    expect(foreign.status).toBe(404)
  })
})
