// Issue 22 finding 7: payout details (bank account, BSB, GST status) changed after activation wait
// for a staff verification (maker-checker), mail the agency at once, and payouts keep the
// verified account; GST needs an ABN passing the checksum.
import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, agencyBankDetails, agencyHistories, countries, tasks } from '../../db/schema'
import { findOutbox } from '../../domain/mail/mailer'
import { agencyUserWith, agencyWithToken, api, staffWith } from '../setup/api'

const BASE = '/agencies/agency-management'
const VALID_ABN = '51 824 753 556'
const newAccount = {
  bank: 'Mallory Bank',
  bank_account_name: 'Mallory',
  account_number: '99990000',
  bsb: '999-999',
  is_gst_registered: false,
}

let finance: string
let otherFinance: string
beforeAll(async () => {
  ;[finance, otherFinance] = await Promise.all([staffWith(['finance']), staffWith(['finance'])])
})

const bankOf = async (agencyId: number) =>
  (await getDb().select().from(agencyBankDetails).where(eq(agencyBankDetails.agency_id, agencyId)))[0]

describe('issue 22 finding 7: payout details after activation', () => {
  it('a user holding only quote may not change them (403); nothing changes', async () => {
    const { agency } = await agencyWithToken()
    const quoteOnly = await agencyUserWith(agency.id, ['quote'])
    const before = await bankOf(agency.id)
    const r = await api('POST', `${BASE}/updateAgencyBank/${agency.id}`, {
      token: quoteOnly,
      body: newAccount,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(403)
    expect(await bankOf(agency.id)).toEqual(before)
  })

  it('a finance user’s change waits for staff, mails owner and finance at once, payouts keep the verified account until approved', async () => {
    const { agency } = await agencyWithToken()
    await getDb()
      .update(agencies)
      .set({ finance_comms_email: `finance-${agency.id}@example.test` })
      .where(eq(agencies.id, agency.id))
    const user = await agencyUserWith(agency.id, ['finance'])
    const before = await bankOf(agency.id)
    const r = await api('POST', `${BASE}/updateAgencyBank/${agency.id}`, { token: user, body: newAccount })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.bank_change).toMatchObject({
      status: 'PENDING',
      after: { account_number: '99990000' },
    })
    const changeId = r.body.data.bank_change.id
    // The verified row (what payouts read) is untouched.
    expect(await bankOf(agency.id)).toEqual(before)
    const detail = await api('GET', `${BASE}/getAgencyBankDetail/${agency.id}`, { token: user })
    expect(detail.body.data).toMatchObject({
      account_number: before.account_number,
      pending_change: { id: changeId },
    })
    // Both addresses hear of it at once.
    for (const to of [agency.email, `finance-${agency.id}@example.test`]) {
      const mails = await findOutbox(to, 5)
      expect(mails.map((m) => m.subject)).toContain('Your payout bank details were changed')
    }
    const [task] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `bank-change-${changeId}`))
    expect(task).toMatchObject({ kind: 'bank_change', audience: 'staff', closed_at: null })
    const listed = await api('GET', `${BASE}/findAgencyBankChanges`, { token: finance })
    expect(listed.body.data.pending.map((p: { id: number }) => p.id)).toContain(changeId)

    // The agency cannot approve its own change; staff with finance can.
    expect((await api('POST', `${BASE}/approveAgencyBankChange/${changeId}`, { token: user })).status).toBe(
      403,
    )
    const ok = await api('POST', `${BASE}/approveAgencyBankChange/${changeId}`, { token: finance })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(await bankOf(agency.id)).toMatchObject({
      account_number: '99990000',
      bsb: '999-999',
      is_gst_registered: false,
    })
    const [closed] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `bank-change-${changeId}`))
    expect(closed.outcome).toBe('approved')
    expect(
      (await api('POST', `${BASE}/approveAgencyBankChange/${changeId}`, { token: otherFinance })).status,
    ).toBe(409)
  })

  it('maker-checker: staff who requested a change may not verify it; a rejection keeps the verified account', async () => {
    const { agency } = await agencyWithToken()
    const maker = await staffWith(['agency_management', 'finance'])
    const before = await bankOf(agency.id)
    const r = await api('POST', `${BASE}/updateAgencyBank/${agency.id}`, { token: maker, body: newAccount })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const changeId = r.body.data.bank_change.id
    expect((await api('POST', `${BASE}/approveAgencyBankChange/${changeId}`, { token: maker })).status).toBe(
      403,
    )
    const rejected = await api('POST', `${BASE}/rejectAgencyBankChange/${changeId}`, {
      token: finance,
      body: { rejection_reason: 'Not the agency’s account' },
    })
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)
    expect(await bankOf(agency.id)).toEqual(before)
  })

  it('GST registration needs an ABN passing the checksum (400 on abn)', async () => {
    const { agency, token } = await agencyWithToken()
    const noAbn = await api('POST', `${BASE}/updateAgencyBank/${agency.id}`, {
      token,
      body: { ...newAccount, is_gst_registered: true },
    })
    expect(noAbn.status).toBe(400)
    expect(noAbn.body.errors.abn).toEqual(['GST registration needs a valid ABN'])
    const badAbn = await api('POST', `${BASE}/updateAgencyBank/${agency.id}`, {
      token,
      body: { ...newAccount, is_gst_registered: true, abn: '51 824 753 557' },
    })
    expect(badAbn.status).toBe(400)
    expect(badAbn.body.errors.abn).toEqual([
      'This ABN is not valid: it must be 11 digits that pass the ABN checksum',
    ])
    const good = await api('POST', `${BASE}/updateAgencyBank/${agency.id}`, {
      token,
      body: { ...newAccount, is_gst_registered: true, abn: VALID_ABN },
    })
    expect(good.status, JSON.stringify(good.body)).toBe(200)
    expect(good.body.data.bank_change.status).toBe('PENDING')
  })

  it('before activation (onboarding) bank details save at once, without review', async () => {
    const { agency, token } = await agencyWithToken('COMPANY_DETAIL_STEP_TWO_DONE')
    const r = await api('POST', `${BASE}/updateAgencyBank/${agency.id}`, { token, body: newAccount })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.status).toBe('COMPANY_DETAIL_DONE')
    expect(await bankOf(agency.id)).toMatchObject({ account_number: '99990000' })
  })

  it('staff see GST-registered agencies without an ABN (they keep GST) and renames with the previous name', async () => {
    const { agency, token } = await agencyWithToken()
    expect(await bankOf(agency.id)).toMatchObject({ is_gst_registered: true, abn: null })
    const [country] = await getDb().select({ id: countries.id }).from(countries).limit(1)
    const renamed = await api('POST', `${BASE}/updateAgency/${agency.id}`, {
      token,
      body: {
        full_company_name: 'Quietly Renamed Pty',
        full_company_address: '1 George Street',
        contact_person: 'Owner',
        country_id: country.id,
        contact_number: '0400 000 000',
      },
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    const listed = await api('GET', `${BASE}/findAgencyBankChanges`, { token: finance })
    expect(listed.status).toBe(200)
    expect(listed.body.data.gst_without_abn.map((a: { agency_id: number }) => a.agency_id)).toContain(
      agency.id,
    )
    expect(listed.body.data.renames).toContainEqual(
      expect.objectContaining({
        agency_id: agency.id,
        previous_name: agency.full_company_name,
        name: 'Quietly Renamed Pty',
      }),
    )
    const [row] = await getDb()
      .select()
      .from(agencyHistories)
      .where(and(eq(agencyHistories.agency_id, agency.id), eq(agencyHistories.action, 'AGENCY_RENAMED')))
    expect(row.note).toContain('Quietly Renamed Pty')
    // Not for the agency itself.
    expect((await api('GET', `${BASE}/findAgencyBankChanges`, { token })).status).toBe(403)
  })
})
