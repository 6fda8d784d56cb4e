import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, agencyHistories, agencyReferrals, files, identities } from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import { ADMIN, agencyUserWith, agencyWithToken, api, lastMail, staffToken } from '../setup/api'
import { resetConfig } from '../../domain/shared/config'

const BASE = '/agencies/agency-management'

let staff: string
let staffIdentity: number

beforeAll(async () => {
  staff = await staffToken()
  const [admin] = await getDb().select().from(identities).where(eq(identities.email, ADMIN.email))
  staffIdentity = admin.id
})

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`
const referralRow = async (id: number) =>
  (await getDb().select().from(agencyReferrals).where(eq(agencyReferrals.id, id)))[0]
const agencyByEmail = async (email: string) =>
  (await getDb().select().from(agencies).where(eq(agencies.email, email)))[0]

/** A stored, uploaded file row, as the presigned upload leaves it. */
async function uploadedFile(key: string) {
  await getDb().insert(files).values({
    key,
    folder: 'private',
    filename: 'receipt.pdf',
    content_type: 'application/pdf',
    size: 10,
    uploaded_at: new Date(),
  })
  return key
}

describe('adding referrals', () => {
  it('lets an active agency refer another: the referral is PENDING and the referred agency is invited', async () => {
    const { agency, token } = await agencyWithToken('PORTAL_ACTIVATED')
    const email = unique('kiwi')
    const r = await api('POST', `${BASE}/addAgencyReferral/${agency.id}`, {
      token,
      body: { referred_to_agency_name: 'Kiwi Study', referred_to_agency_email: email.toUpperCase() },
    })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({
      referred_to_agency_name: 'Kiwi Study',
      referred_to_agency_email: email,
      status: 'PENDING',
      is_referring_paid: false,
      is_referred_paid: false,
      referred_by_id: agency.id,
    })
    expect(r.body.data).not.toHaveProperty('referring_paid_by')

    const referred = await agencyByEmail(email)
    expect(referred).toMatchObject({
      status: 'PENDING',
      creation_type: 'REFERRAL',
      referred_by_id: agency.id,
    })
    const row = await referralRow(r.body.data.id)
    expect(row).toMatchObject({
      referred_by_id: agency.id,
      referred_agency_id: referred.id,
      status: 'PENDING',
    })
    expect((await lastMail(email)).subject).toBe('You are invited to sell OSHC with us')
    const history = await getDb()
      .select()
      .from(agencyHistories)
      .where(and(eq(agencyHistories.agency_id, agency.id), eq(agencyHistories.action, 'REFERRAL_ADDED')))
    expect(history).toHaveLength(1)
    expect(history[0].note).toBe(`Kiwi Study <${email}>`)

    // The same e-mail again, or any agency's e-mail, is a conflict.
    const again = await api('POST', `${BASE}/addAgencyReferral/${agency.id}`, {
      token,
      body: { referred_to_agency_name: 'Kiwi Again', referred_to_agency_email: email },
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('An agency with this email already exists')
    const self = await api('POST', `${BASE}/addAgencyReferral/${agency.id}`, {
      token,
      body: { referred_to_agency_name: 'Myself', referred_to_agency_email: agency.email },
    })
    expect(self.status).toBe(409)
    expect(
      await getDb().select().from(agencyReferrals).where(eq(agencyReferrals.referred_by_id, agency.id)),
    ).toHaveLength(1)
  })

  it('validates the body, scopes the agency and lets staff refer on an agency’s behalf', async () => {
    const { agency, token } = await agencyWithToken('PORTAL_ACTIVATED')
    const other = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED' })

    const invalid = await api('POST', `${BASE}/addAgencyReferral/${agency.id}`, {
      token,
      body: { referred_to_agency_name: 'K', referred_to_agency_email: 'nope' },
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body.errors.referred_to_agency_name).toEqual(['must be at least 2 characters'])
    expect(invalid.body.errors.referred_to_agency_email).toEqual(['Invalid email'])

    const foreign = await api('POST', `${BASE}/addAgencyReferral/${other.id}`, {
      token,
      body: { referred_to_agency_name: 'Sneaky', referred_to_agency_email: unique('sneaky') },
    })
    expect(foreign.status).toBe(404)
    expect(
      await getDb().select().from(agencyReferrals).where(eq(agencyReferrals.referred_by_id, other.id)),
    ).toEqual([])

    const anonymous = await api('POST', `${BASE}/addAgencyReferral/${agency.id}`, {
      body: { referred_to_agency_name: 'Nobody', referred_to_agency_email: unique('nobody') },
    })
    expect(anonymous.status).toBe(401)

    const byStaff = await api('POST', `${BASE}/addAgencyReferral/${other.id}`, {
      token: staff,
      body: { referred_to_agency_name: 'Staff Referred', referred_to_agency_email: unique('staffref') },
    })
    expect(byStaff.status).toBe(201)
    expect(byStaff.body.data.referred_by_id).toBe(other.id)
    expect(byStaff.body.data.referred_by).toMatchObject({ id: other.id, email: other.email })
  })

  it('needs user_management on the agency side: any other agency user gets 403 and no mail goes out', async () => {
    const { agency } = await agencyWithToken('PORTAL_ACTIVATED')
    const seller = await agencyUserWith(agency.id, ['quote', 'purchase', 'finance'])
    const email = unique('nope')
    const r = await api('POST', `${BASE}/addAgencyReferral/${agency.id}`, {
      token: seller,
      body: { referred_to_agency_name: 'Nope Travel', referred_to_agency_email: email },
    })
    expect(r.status).toBe(403)
    expect(await agencyByEmail(email)).toBeUndefined()
    const manager = await agencyUserWith(agency.id, ['user_management'])
    const ok = await api('POST', `${BASE}/addAgencyReferral/${agency.id}`, {
      token: manager,
      body: { referred_to_agency_name: 'Fine Travel', referred_to_agency_email: unique('fine') },
    })
    expect(ok.status).toBe(201)
  })

  describe('a daily limit per agency (AGENCY_REFERRAL_DAILY_LIMIT)', () => {
    afterEach(() => {
      vi.unstubAllEnvs()
      resetConfig()
    })

    it('answers 429 with Retry-After past the limit, for that agency only; staff are not counted', async () => {
      vi.stubEnv('AGENCY_REFERRAL_DAILY_LIMIT', '3')
      resetConfig()
      const { agency, token } = await agencyWithToken('PORTAL_ACTIVATED')
      const refer = (t: string, id = agency.id) =>
        api('POST', `${BASE}/addAgencyReferral/${id}`, {
          token: t,
          body: { referred_to_agency_name: 'Burst Travel', referred_to_agency_email: unique('burst') },
        })
      for (let i = 0; i < 3; i++) expect((await refer(token)).status).toBe(201)
      const over = await refer(token)
      expect(over.status).toBe(429)
      const seconds = Number(over.headers.get('retry-after'))
      expect(seconds).toBeGreaterThan(23 * 60 * 60)
      expect(seconds).toBeLessThanOrEqual(24 * 60 * 60)
      // Its users share the agency's count.
      const user = await agencyUserWith(agency.id, ['user_management'])
      expect((await refer(user)).status).toBe(429)
      // Another agency has its own count; staff acting for the agency are not limited.
      const other = await agencyWithToken('PORTAL_ACTIVATED')
      expect((await refer(other.token, other.agency.id)).status).toBe(201)
      expect((await refer(staff)).status).toBe(201)
    })
  })

  it('refuses a referral from an agency whose portal is not active', async () => {
    const { agency, token } = await agencyWithToken('CONFIGURATION_DONE')
    const email = unique('early')
    const r = await api('POST', `${BASE}/addAgencyReferral/${agency.id}`, {
      token,
      body: { referred_to_agency_name: 'Too Early', referred_to_agency_email: email },
    })
    expect(r.status).toBe(409)
    expect(r.body.message).toBe(
      'Only an agency with an active portal can refer another agency (the agency is at CONFIGURATION_DONE)',
    )
    expect(await agencyByEmail(email)).toBeUndefined()
  })
})

describe('listing referrals', () => {
  it('pages an agency’s own referrals; another agency’s are 404; staff see all with a filter', async () => {
    const { agency, token } = await agencyWithToken('PORTAL_ACTIVATED')
    const other = await agencyWithToken('PORTAL_ACTIVATED')
    const tag = `lst${Date.now()}`
    for (const n of [1, 2, 3]) {
      const r = await api('POST', `${BASE}/addAgencyReferral/${agency.id}`, {
        token,
        body: {
          referred_to_agency_name: `${tag} Agency ${n}`,
          referred_to_agency_email: unique(`${tag}-${n}`),
        },
      })
      expect(r.status).toBe(201)
    }
    await api('POST', `${BASE}/addAgencyReferral/${other.agency.id}`, {
      token: other.token,
      body: { referred_to_agency_name: 'Unrelated Agency', referred_to_agency_email: unique('unrelated') },
    })

    const first = await api('GET', `${BASE}/getAgencyReferrals/${agency.id}`, {
      token,
      query: { page: '1', perPage: '2' },
    })
    expect(first.status).toBe(200)
    expect(first.body.pageInfo).toEqual({ page: 1, perPage: 2, total: 3, totalPages: 2 })
    expect(
      first.body.data.map((r: { referred_to_agency_name: string }) => r.referred_to_agency_name),
    ).toEqual([`${tag} Agency 3`, `${tag} Agency 2`])
    const second = await api('GET', `${BASE}/getAgencyReferrals/${agency.id}`, {
      token,
      query: { page: '2', perPage: '2' },
    })
    expect(
      second.body.data.map((r: { referred_to_agency_name: string }) => r.referred_to_agency_name),
    ).toEqual([`${tag} Agency 1`])

    const foreign = await api('GET', `${BASE}/getAgencyReferrals/${agency.id}`, { token: other.token })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe('Agency not found')

    const asStaff = await api('GET', `${BASE}/getAgencyReferrals/${agency.id}`, { token: staff })
    expect(asStaff.status).toBe(200)
    expect(asStaff.body.pageInfo.total).toBe(3)
    expect(asStaff.body.data[0]).toHaveProperty('referring_paid_by', null)

    const all = await api('GET', `${BASE}/getAllAgencyReferrals`, {
      token: staff,
      query: { global_filter: tag.toUpperCase() },
    })
    expect(all.status).toBe(200)
    expect(all.body.pageInfo.total).toBe(3)
    expect(all.body.data.every((r: { referred_by: { id: number } }) => r.referred_by.id === agency.id)).toBe(
      true,
    )
    const byReferrer = await api('GET', `${BASE}/getAllAgencyReferrals`, {
      token: staff,
      query: { global_filter: other.agency.email },
    })
    expect(
      byReferrer.body.data.map((r: { referred_to_agency_name: string }) => r.referred_to_agency_name),
    ).toEqual(['Unrelated Agency'])
    const wildcard = await api('GET', `${BASE}/getAllAgencyReferrals`, {
      token: staff,
      query: { global_filter: '%' },
    })
    expect(wildcard.body.pageInfo.total).toBe(0)

    expect((await api('GET', `${BASE}/getAllAgencyReferrals`, { token })).status).toBe(403)
    expect(
      (await api('GET', `${BASE}/getAgencyReferrals/${agency.id}`, { token, query: { perPage: '500' } }))
        .status,
    ).toBe(400)
  })
})

describe('updating and paying referrals', () => {
  it('corrects a pending referral and moves the unused invitation to the new e-mail', async () => {
    const { agency, token } = await agencyWithToken('PORTAL_ACTIVATED')
    const other = await agencyWithToken('PORTAL_ACTIVATED')
    const oldEmail = unique('typo')
    const added = await api('POST', `${BASE}/addAgencyReferral/${agency.id}`, {
      token,
      body: { referred_to_agency_name: 'Typo Agncy', referred_to_agency_email: oldEmail },
    })
    const id: number = added.body.data.id
    const invited = await agencyByEmail(oldEmail)

    const foreign = await api('POST', `${BASE}/updateAgencyReferral/${id}`, {
      token: other.token,
      body: { referred_to_agency_name: 'Hijack', referred_to_agency_email: unique('hijack') },
    })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe('Referral not found')

    const taken = await api('POST', `${BASE}/updateAgencyReferral/${id}`, {
      token,
      body: { referred_to_agency_name: 'Typo Agency', referred_to_agency_email: other.agency.email },
    })
    expect(taken.status).toBe(409)

    const newEmail = unique('fixed')
    const fixed = await api('POST', `${BASE}/updateAgencyReferral/${id}`, {
      token,
      body: { referred_to_agency_name: 'Typo Agency', referred_to_agency_email: newEmail },
    })
    expect(fixed.status).toBe(200)
    expect(fixed.body.data).toMatchObject({
      referred_to_agency_name: 'Typo Agency',
      referred_to_agency_email: newEmail,
      status: 'PENDING',
    })
    expect(await referralRow(id)).toMatchObject({
      referred_to_agency_name: 'Typo Agency',
      referred_to_agency_email: newEmail,
    })
    const [moved] = await getDb().select().from(agencies).where(eq(agencies.id, invited.id))
    expect(moved.email).toBe(newEmail)
    expect(moved.invitation_token_hash).not.toBe(invited.invitation_token_hash)
    expect((await lastMail(newEmail)).text).toContain(`agencyId=${invited.id}`)

    // Once the invitation has been used, the e-mail stays; the name may still be corrected.
    await getDb()
      .update(agencies)
      .set({ full_company_name: 'Typo Agency Pty', is_email_verified: true })
      .where(eq(agencies.id, invited.id))
    const late = await api('POST', `${BASE}/updateAgencyReferral/${id}`, {
      token,
      body: { referred_to_agency_name: 'Typo Agency', referred_to_agency_email: unique('late') },
    })
    expect(late.status).toBe(409)
    expect(late.body.message).toBe(
      'The referred agency has already registered; its e-mail can no longer be changed',
    )
    const renamed = await api('POST', `${BASE}/updateAgencyReferral/${id}`, {
      token: staff,
      body: { referred_to_agency_name: 'Typo Agency Pty', referred_to_agency_email: newEmail },
    })
    expect(renamed.status).toBe(200)
    expect((await referralRow(id)).referred_to_agency_name).toBe('Typo Agency Pty')
  })

  it('records both payments once the referred agency is active: ACTIVE, then PAID', async () => {
    const { agency, token } = await agencyWithToken('PORTAL_ACTIVATED')
    const email = unique('payee')
    const added = await api('POST', `${BASE}/addAgencyReferral/${agency.id}`, {
      token,
      body: { referred_to_agency_name: 'Payee Agency', referred_to_agency_email: email },
    })
    const id: number = added.body.data.id
    const referred = await agencyByEmail(email)
    const change = (body: Record<string, unknown>, as = staff) =>
      api('POST', `${BASE}/changeAgencyReferral/${id}`, { token: as, body })
    const receipt = await uploadedFile(`private/referral-receipt-${id}.pdf`)

    const byAgency = await change({ is_referring_paid: true, referring_payment_document: receipt }, token)
    expect(byAgency.status).toBe(403)

    const tooEarly = await change({ is_referring_paid: true, referring_payment_document: receipt })
    expect(tooEarly.status).toBe(409)
    expect(tooEarly.body.message).toBe(
      "Referral payments are made once the referred agency's portal has been activated",
    )
    expect((await referralRow(id)).is_referring_paid).toBe(false)

    // The referred agency completes onboarding: the referral becomes ACTIVE and can no longer be edited.
    await getDb()
      .update(agencies)
      .set({ status: 'PORTAL_ACTIVATED', full_company_name: 'Payee Agency Pty' })
      .where(eq(agencies.id, referred.id))
    const listed = await api('GET', `${BASE}/getAgencyReferrals/${agency.id}`, { token })
    expect(listed.body.data[0]).toMatchObject({
      id,
      status: 'ACTIVE',
      referred_agency: { id: referred.id, status: 'PORTAL_ACTIVATED' },
    })
    const edit = await api('POST', `${BASE}/updateAgencyReferral/${id}`, {
      token,
      body: { referred_to_agency_name: 'Payee', referred_to_agency_email: email },
    })
    expect(edit.status).toBe(409)
    expect(edit.body.message).toBe('Only a pending referral can be changed')

    const noDocument = await change({ is_referring_paid: true })
    expect(noDocument.status).toBe(400)
    expect(noDocument.body.errors.referring_payment_document).toEqual(['A payment document is required'])
    const unknownFile = await change({
      is_referring_paid: true,
      referring_payment_document: 'private/never-uploaded.pdf',
    })
    expect(unknownFile.status).toBe(400)
    expect(unknownFile.body.errors.referring_payment_document).toEqual(['File not found'])

    const referringPaid = await change({ is_referring_paid: true, referring_payment_document: receipt })
    expect(referringPaid.status).toBe(200)
    expect(referringPaid.body.data).toMatchObject({
      status: 'ACTIVE',
      is_referring_paid: true,
      is_referred_paid: false,
    })
    const afterOne = await referralRow(id)
    expect(afterOne).toMatchObject({
      status: 'ACTIVE',
      is_referring_paid: true,
      referring_payment_document: receipt,
      referring_paid_by: staffIdentity,
      is_referred_paid: false,
      referred_paid_at: null,
    })
    expect(afterOne.referring_paid_at).toBeInstanceOf(Date)

    // Repeating the flag changes nothing; undoing a payment is refused.
    expect((await change({ is_referring_paid: true })).status).toBe(200)
    expect((await referralRow(id)).referring_paid_at).toEqual(afterOne.referring_paid_at)
    const undo = await change({ is_referring_paid: false })
    expect(undo.status).toBe(409)
    expect((await referralRow(id)).is_referring_paid).toBe(true)

    const second = await uploadedFile(`private/referral-receipt-${id}-b.pdf`)
    const bothPaid = await change({ is_referred_paid: true, referred_payment_document: second })
    expect(bothPaid.status).toBe(200)
    expect(bothPaid.body.data.status).toBe('PAID')
    expect(await referralRow(id)).toMatchObject({
      status: 'PAID',
      is_referred_paid: true,
      referred_payment_document: second,
      referred_paid_by: staffIdentity,
    })
    const mine = await api('GET', `${BASE}/getAgencyReferrals/${agency.id}`, { token })
    expect(mine.body.data[0].status).toBe('PAID')
    expect(mine.body.data[0]).not.toHaveProperty('referred_payment_document')
    expect(mine.body.data[0].referring_payment_document).toBe(receipt)

    const recorded = await getDb()
      .select()
      .from(agencyHistories)
      .where(eq(agencyHistories.action, 'REFERRAL_PAYMENT_RECORDED'))
    expect(recorded.filter((h) => h.agency_id === agency.id)).toHaveLength(1)
    expect(recorded.filter((h) => h.agency_id === referred.id)).toHaveLength(1)
  })
})
