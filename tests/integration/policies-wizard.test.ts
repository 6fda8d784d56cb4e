// The new-policy wizard's screens (route modules of app/routes/agency+/policies..., as Remix calls
// them): the step-by-step pages to payment, and a single student on one page.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { customers } from '../../db/schema'
import {
  A,
  au,
  B,
  call,
  location,
  MIN2,
  nsw,
  payload,
  policyRow,
  req,
  setUpPolicyFixtures,
  unique,
} from '../setup/policies'

setUpPolicyFixtures()

describe('screens (route modules, as Remix calls them)', () => {
  it('walks the new-policy wizard to the payment screen', async () => {
    const newRoute = await import('../../app/routes/agency+/policies.new')
    const edit = await import('../../app/routes/agency+/policies.$policyId.edit/route')
    const form = {
      policy_type: 'COUPLE',
      title: 'Ms',
      first_name: 'Wendy',
      last_name: 'Wizard',
      email: unique('wendy'),
      dob: '2003-04-05',
      country: String(au),
      is_primary_visa_holder_and_eligible_to_apply: 'on',
      has_accepted_terms: 'on',
      provider_id: '3',
      start_date: '2027-02-01',
      end_date: '2027-07-31',
    }
    // A refused step comes back with the messages under the fields.
    const refused = payload(
      await call(() =>
        newRoute.action({
          request: req('/agency/policies/new', A.token, { form: { ...form, first_name: 'W', country: '' } }),
          params: {},
          context: {},
        }),
      ),
    )
    expect(refused.error.first_name).toEqual([MIN2])
    expect(refused.error.country).toEqual(['country is required'])
    // Both declarations are required in step one (issue 29): an unticked box is refused on its field.
    const { has_accepted_terms: _t, is_primary_visa_holder_and_eligible_to_apply: _e, ...unticked } = form
    const undeclared = payload(
      await call(() =>
        newRoute.action({
          request: req('/agency/policies/new', A.token, { form: unticked }),
          params: {},
          context: {},
        }),
      ),
    )
    expect(undeclared.error).toEqual({
      is_primary_visa_holder_and_eligible_to_apply: [
        'The student must be the primary visa holder and eligible to apply',
      ],
      has_accepted_terms: ['The student must accept the terms and conditions'],
    })

    const created = await call(() =>
      newRoute.action({ request: req('/agency/policies/new', A.token, { form }), params: {}, context: {} }),
    )
    const next = location(created)!
    expect(next).toMatch(/^\/agency\/policies\/\d+\/edit\?step=family&provider_id=3&start_date=2027-02-01/)
    const policyId = Number(/policies\/(\d+)/.exec(next)![1])
    const params = { policyId: String(policyId) }
    const editPath = (q: string) => `/agency/policies/${policyId}/edit?${q}`

    const family = payload(
      await call(() => edit.loader({ request: req(editPath('step=family'), A.token), params, context: {} })),
    )
    expect(family).toMatchObject({ step: 'family', rule: { partner: true, dependants: false } })
    // Steps not reached yet send the user back to where the policy resumes.
    const jump = await call(() =>
      edit.loader({ request: req(editPath('step=quote'), A.token), params, context: {} }),
    )
    expect(location(jump)).toContain('step=family')

    const carry = { carry_provider_id: '3', carry_start_date: '2027-02-01', carry_end_date: '2027-07-31' }
    const noPartner = payload(
      await call(() =>
        edit.action({
          request: req(editPath('step=family'), A.token, { form: { intent: 'family' } }),
          params,
          context: {},
        }),
      ),
    )
    // Conform's reply, as the house form takes it: the posted step (its intent) and the messages.
    expect(noPartner.initialValue.intent).toBe('family')
    expect(noPartner.error.partner).toEqual(['Partner details are required for this policy type'])
    // "Update the number" answers the posted form unchecked; the page draws that many rows.
    const counted = payload(
      await call(() =>
        edit.action({
          request: req(editPath('step=family'), A.token, { form: { intent: 'count', dependant_count: '3' } }),
          params,
          context: {},
        }),
      ),
    )
    expect(counted).toMatchObject({ initialValue: { intent: 'count', dependant_count: '3' } })
    expect(counted.error).toBeFalsy()
    const savedFamily = await call(() =>
      edit.action({
        request: req(editPath('step=family'), A.token, {
          form: { intent: 'family', 'partner.first_name': 'Pat', 'partner.last_name': 'Wizard', ...carry },
        }),
        params,
        context: {},
      }),
    )
    expect(location(savedFamily)).toBe(
      editPath('step=other&provider_id=3&start_date=2027-02-01&end_date=2027-07-31'),
    )

    const other = {
      intent: 'other',
      passport_number: 'PX998877',
      education_institute: 'UTS',
      has_australian_address: 'on',
      street_address_1: '15 Broadway',
      state_id: String(nsw),
      // The city box posts the city's name; the action finds it in the state.
      city_name: 'Sydney',
      post_code: '2007',
      ...carry,
    }
    const noAddress = payload(
      await call(() =>
        edit.action({
          request: req(editPath('step=other'), A.token, { form: { ...other, post_code: '' } }),
          params,
          context: {},
        }),
      ),
    )
    expect(noAddress.error.post_code).toEqual(['Post code is required'])
    // The carried quote is bought as chosen once the student is complete: on to payment.
    const savedOther = await call(() =>
      edit.action({ request: req(editPath('step=other'), A.token, { form: other }), params, context: {} }),
    )
    expect(location(savedOther)).toBe(`/agency/policies/${policyId}/pay`)
    expect(await policyRow(policyId)).toMatchObject({ status: 'INITIATED', insurance_provider_id: 3 })

    const quote = payload(
      await call(() =>
        edit.loader({
          request: req(
            editPath('step=quote&provider_id=3&start_date=2027-02-01&end_date=2027-07-31'),
            A.token,
          ),
          params,
          context: {},
        }),
      ),
    )
    expect(quote.quote.chosen).toBe('3')
    expect(quote.quote.rows.map((r: any) => r.provider_id).sort()).toEqual([1, 3])
    const initiated = await call(() =>
      edit.action({
        request: req(editPath('step=quote'), A.token, {
          form: {
            intent: 'quote',
            policy_type: 'COUPLE',
            start_date: '2027-02-01',
            end_date: '2027-07-31',
            insurance_provider_id: '3',
          },
        }),
        params,
        context: {},
      }),
    )
    expect(location(initiated)).toBe(`/agency/policies/${policyId}/pay`)
    expect(await policyRow(policyId)).toMatchObject({
      status: 'INITIATED',
      insurance_provider_id: 3,
      policy_type: 'COUPLE',
    })

    // Still editable before payment: a priced policy's step re-prices it.
    const reprice = await call(() =>
      edit.action({
        request: req(editPath('step=other'), A.token, { form: { ...other, education_institute: 'UNSW' } }),
        params,
        context: {},
      }),
    )
    expect(location(reprice)).toContain('step=quote')
    const [c] = await getDb()
      .select()
      .from(customers)
      .where(eq(customers.id, (await policyRow(policyId)).customer_id))
    expect(c.education_institute).toBe('UNSW')

    // The detail page and the lists.
    const detailRoute = await import('../../app/routes/agency+/policies.$policyId._index/route')
    const detail = payload(
      await call(() =>
        detailRoute.loader({ request: req(`/agency/policies/${policyId}`, A.token), params, context: {} }),
      ),
    )
    expect(detail.policy).toMatchObject({ id: policyId, status: 'INITIATED', meta: { can_pay: true } })
    expect(detail.policy.partner).toContainEqual(['Name', 'Pat Wizard'])
    const foreign = await call(() =>
      detailRoute.loader({ request: req(`/agency/policies/${policyId}`, B.token), params, context: {} }),
    )
    expect((foreign as unknown as Response).status).toBe(404)
    const archived = await call(() =>
      detailRoute.action({
        request: req(`/agency/policies/${policyId}`, A.token, {
          form: { intent: 'archive', is_archived: 'true' },
        }),
        params,
        context: {},
      }),
    )
    expect(location(archived)).toBe(`/agency/policies/${policyId}`)
    expect((await policyRow(policyId)).is_archived).toBe(true)

    const listRoute = await import('../../app/routes/agency+/policies._index')
    const archivedList = payload(
      await call(() =>
        listRoute.loader({ request: req('/agency/policies?archived=1', A.token), params: {}, context: {} }),
      ),
    )
    expect(archivedList.rows.map((r: any) => r.id)).toContain(policyId)
    const exportRoute = await import('../../app/routes/agency+/policies.export')
    const csv = (await call(() =>
      exportRoute.loader({
        request: req('/agency/policies/export?archived=1&format=csv', A.token),
        params: {},
        context: {},
      }),
    )) as unknown as Response
    expect(await csv.text()).toContain('Wendy Wizard')
  })

  it('saves a single student on one page and buys the carried quote, or asks for a quote when it no longer stands', async () => {
    const newRoute = await import('../../app/routes/agency+/policies.new')
    const carried = 'provider_id=3&policy_type=SINGLE&start_date=2027-02-01&end_date=2027-07-31'
    const page = payload(
      await call(() =>
        newRoute.loader({
          request: req(`/agency/policies/new?${carried}`, A.token),
          params: {},
          context: {},
        }),
      ),
    )
    expect(page).toMatchObject({ whole: true, chosen: { policy_type: 'SINGLE', start_date: '2027-02-01' } })
    expect(page.chosen.payable).toBeGreaterThan(0)
    expect(page.states.length).toBeGreaterThan(0)
    // A family cover keeps its steps (partner and dependants first).
    const family = payload(
      await call(() =>
        newRoute.loader({
          request: req(`/agency/policies/new?${carried.replace('SINGLE', 'COUPLE')}`, A.token),
          params: {},
          context: {},
        }),
      ),
    )
    expect(family).toMatchObject({ whole: false, states: [] })

    const form = (email: string, provider: string) => ({
      intent: 'student',
      policy_type: 'SINGLE',
      first_name: 'Ola',
      last_name: 'Onepage',
      email: unique(email),
      dob: '2004-02-03',
      country: String(au),
      is_primary_visa_holder_and_eligible_to_apply: 'on',
      has_accepted_terms: 'on',
      passport_number: 'PA123456',
      education_institute: 'RMIT',
      provider_id: provider,
      start_date: '2027-02-01',
      end_date: '2027-07-31',
    })
    const send = (f: Record<string, string>) =>
      call(() =>
        newRoute.action({
          request: req('/agency/policies/new', A.token, { form: f }),
          params: {},
          context: {},
        }),
      )
    const refused = payload(await send({ ...form('ola0', '3'), passport_number: '' }))
    expect(refused.error.passport_number).toBeTruthy()
    const bought = location(await send(form('ola1', '3')))!
    expect(bought).toMatch(/^\/agency\/policies\/\d+\/pay$/)
    const policyId = Number(/policies\/(\d+)/.exec(bought)![1])
    expect(await policyRow(policyId)).toMatchObject({
      status: 'INITIATED',
      insurance_provider_id: 3,
      policy_type: 'SINGLE',
      start_date: '2027-02-01',
    })
    // An insurer not set up for the agency: the student is kept and the quote step asks again.
    const asked = location(await send(form('ola2', '2')))!
    expect(asked).toMatch(/^\/agency\/policies\/\d+\/edit\?step=quote&provider_id=2&/)
    const kept = Number(/policies\/(\d+)/.exec(asked)![1])
    expect(await policyRow(kept)).toMatchObject({
      status: 'OTHER_DETAILS_ADDED',
      insurance_provider_id: null,
    })
  })
})
