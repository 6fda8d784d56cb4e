import { beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyHistories, agencyOvhcCommissions, ovhcCommissionRanges } from '../../db/schema'
import { agencyWithToken, api, lastMail, login, staffToken, tempPasswordFrom } from '../setup/api'

/**
 * updateAgencyOvhcConfiguration (hardening item 12): an agency needs `finance` and stays within the
 * range staff set for the provider; staff set any agency's; each change writes agency history.
 */

const OVHC = '/agencies/ovhc'
const USERS = '/agencies/user-management'
const NIB = 1
const BUPA = 3
const OUT_OF_RANGE = 'Commission rate must be between 5 and 15 for this provider'
const NO_RANGE = 'The OVHC commission range for this provider has not been set by staff yet'

let staff: string
let A: Awaited<ReturnType<typeof agencyWithToken>>
let B: Awaited<ReturnType<typeof agencyWithToken>>
let quoteOnly: { email: string; token: string }
let financeUser: { email: string; token: string }
let seq = 0

/** An agency user of `token`'s agency whose role holds exactly `permissions`. */
async function agencyUser(token: string, permissions: string[]) {
  const role = await api('POST', `${USERS}/createAgencyUserRole`, {
    token,
    body: { name: `OVHC role ${++seq}` },
  })
  expect(role.status, JSON.stringify(role.body)).toBe(201)
  const all = await api('GET', `${USERS}/getAgencyUserPemissions`, { token })
  const ids = all.body.data.filter((p: any) => permissions.includes(p.name)).map((p: any) => p.id)
  expect(ids).toHaveLength(permissions.length)
  const assigned = await api('POST', `${USERS}/AssignPermissionforAgencyRole/${role.body.data.id}`, {
    token,
    body: { agency_permission_id: ids },
  })
  expect(assigned.status).toBe(200)
  const email = `ovhc-${Date.now().toString(36)}-${++seq}@example.test`
  const created = await api('POST', `${USERS}/createAgencyUser`, {
    token,
    body: { first_name: 'Olive', last_name: 'Agent', email, agency_role_id: role.body.data.id },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return { email, token: await login(email, tempPasswordFrom((await lastMail(email)).text)!) }
}

const setOvhc = (token: string, body: Record<string, unknown>) =>
  api('POST', `${OVHC}/updateAgencyOvhcConfiguration`, { token, body })

async function savedRate(agencyId: number, providerId: number) {
  const [row] = await getDb()
    .select()
    .from(agencyOvhcCommissions)
    .where(
      and(eq(agencyOvhcCommissions.agency_id, agencyId), eq(agencyOvhcCommissions.provider_id, providerId)),
    )
  return row?.commission_rate ?? null
}

const ovhcHistory = (agencyId: number) =>
  getDb()
    .select()
    .from(agencyHistories)
    .where(and(eq(agencyHistories.agency_id, agencyId), eq(agencyHistories.action, 'OVHC_COMMISSION_SAVED')))
    .orderBy(asc(agencyHistories.id))

beforeAll(async () => {
  staff = await staffToken()
  A = await agencyWithToken()
  B = await agencyWithToken()
  quoteOnly = await agencyUser(A.token, ['quote'])
  financeUser = await agencyUser(A.token, ['finance'])
})

describe('the OVHC commission range (staff)', () => {
  it('is set by staff only, within 0..100 with min <= max', async () => {
    const denied = await api('POST', `${OVHC}/updateOvhcCommissionRange`, {
      token: financeUser.token,
      body: { provider_id: NIB, min_rate: 5, max_rate: 15 },
    })
    expect(denied.status).toBe(403)
    const bad = await api('POST', `${OVHC}/updateOvhcCommissionRange`, {
      token: staff,
      body: { provider_id: NIB, min_rate: 20, max_rate: 100 },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ max_rate: ['Commission rate must be less than 100'] })
    const inverted = await api('POST', `${OVHC}/updateOvhcCommissionRange`, {
      token: staff,
      body: { provider_id: NIB, min_rate: 20, max_rate: 10 },
    })
    expect(inverted.body.errors).toEqual({
      max_rate: ['The maximum rate must not be below the minimum rate'],
    })
  })
})

describe('updateAgencyOvhcConfiguration', () => {
  it('refuses an agency user holding only quote (403), before any range check', async () => {
    const r = await setOvhc(quoteOnly.token, { provider_id: NIB, commission_rate: 10 })
    expect(r.status).toBe(403)
    expect(await savedRate(A.agency.id, NIB)).toBeNull()
  })

  it('refuses an agency while staff have set no range for the provider', async () => {
    await getDb().delete(ovhcCommissionRanges).where(eq(ovhcCommissionRanges.provider_id, BUPA))
    const r = await setOvhc(financeUser.token, { provider_id: BUPA, commission_rate: 10 })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({ commission_rate: [NO_RANGE] })
  })

  it('lets an agency with finance set its own rate within the range, with a history row', async () => {
    const range = await api('POST', `${OVHC}/updateOvhcCommissionRange`, {
      token: staff,
      body: { provider_id: NIB, min_rate: 5, max_rate: 15 },
    })
    expect(range.status, JSON.stringify(range.body)).toBe(200)
    const ranges = await api('GET', `${OVHC}/getOvhcCommissionRanges`, { token: quoteOnly.token })
    expect(ranges.body.data).toContainEqual({
      provider_id: NIB,
      provider_name: 'nib',
      min_rate: 5,
      max_rate: 15,
    })

    for (const rate of [15.01, 4.99, 99]) {
      const r = await setOvhc(financeUser.token, { provider_id: NIB, commission_rate: rate })
      expect(r.status).toBe(400)
      expect(r.body.errors).toEqual({ commission_rate: [OUT_OF_RANGE] })
    }
    expect(await savedRate(A.agency.id, NIB)).toBeNull()

    const first = await setOvhc(financeUser.token, { provider_id: NIB, commission_rate: 15 })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.data).toContainEqual(expect.objectContaining({ provider_id: NIB, commission_rate: 15 }))
    // The agency's own login (it holds finance) may set it too; its own id in the body is fine.
    const second = await setOvhc(A.token, { provider_id: NIB, commission_rate: 5, agency_id: A.agency.id })
    expect(second.status, JSON.stringify(second.body)).toBe(200)
    expect(await savedRate(A.agency.id, NIB)).toBe('5.00')

    const history = await ovhcHistory(A.agency.id)
    expect(history.map((h) => [h.actor, h.meta])).toEqual([
      [
        `agency_user:${financeUser.email}`,
        { provider_id: NIB, from_commission_rate: null, commission_rate: '15.00' },
      ],
      [
        `Agency:${A.agency.email}`,
        { provider_id: NIB, from_commission_rate: '15.00', commission_rate: '5.00' },
      ],
    ])
  })

  it("answers 404 for another agency's id and leaves it unchanged", async () => {
    const r = await setOvhc(financeUser.token, {
      provider_id: NIB,
      commission_rate: 10,
      agency_id: B.agency.id,
    })
    expect(r.status).toBe(404)
    expect(await savedRate(B.agency.id, NIB)).toBeNull()
    expect(await ovhcHistory(B.agency.id)).toEqual([])
  })

  it("lets staff set any agency's rate, outside the agencies' range, and names the agency", async () => {
    const noAgency = await setOvhc(staff, { provider_id: NIB, commission_rate: 40 })
    expect(noAgency.status).toBe(400)
    expect(noAgency.body.errors).toEqual({ agency_id: ['agency_id is required'] })

    const r = await setOvhc(staff, { provider_id: NIB, commission_rate: 40, agency_id: B.agency.id })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(await savedRate(B.agency.id, NIB)).toBe('40.00')
    const [row] = await ovhcHistory(B.agency.id)
    expect(row.actor).toMatch(/^Oshc:/)
    expect(row.meta).toEqual({ provider_id: NIB, from_commission_rate: null, commission_rate: '40.00' })
    // The spec's bounds still hold for staff.
    const top = await setOvhc(staff, { provider_id: NIB, commission_rate: 100, agency_id: B.agency.id })
    expect(top.body.errors).toEqual({ commission_rate: ['Commission rate must be less than 100'] })
  })
})
