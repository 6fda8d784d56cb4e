import { z } from 'zod'
import { endpoint, ok, paged } from '../define'
import { id } from '../../domain/shared/fields'
import {
  AllReferralsQuerySchema,
  ChangeReferralSchema,
  ReferralListQuerySchema,
  ReferralSchema,
} from '../../domain/referrals/referrals.schemas'
import { addAgencyReferral } from '../../domain/referrals/add-agency-referral'
import { updateAgencyReferral } from '../../domain/referrals/update-agency-referral'
import { changeAgencyReferral } from '../../domain/referrals/change-agency-referral'
import { findAgencyReferrals } from '../../domain/referrals/find-agency-referrals'
import { findAllAgencyReferrals } from '../../domain/referrals/find-all-agency-referrals'

const BASE = '/agencies/agency-management'

const AgencyIdParam = z.object({ agencyId: id() })
const IdParam = z.object({ id: id() })

/** Referrals (spec/01 section 7): an agency refers another, staff record the bonus payments. */
export const referralEndpoints = [
  endpoint({
    method: 'POST',
    path: `${BASE}/addAgencyReferral/{agencyId}`,
    summary: 'Refer an agency (it is invited at once); 409 when the e-mail is already known',
    access: addAgencyReferral.access,
    params: AgencyIdParam,
    body: ReferralSchema,
    status: 201,
    handler: async ({ actor, params, body }) => ({
      status: 201,
      message: 'Referral added and invitation sent',
      data: await addAgencyReferral({ actor, agencyId: params.agencyId, input: body }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/updateAgencyReferral/{id}`,
    summary: "Correct a pending referral's name and e-mail (409 once it is no longer pending)",
    access: updateAgencyReferral.access,
    params: IdParam,
    body: ReferralSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateAgencyReferral({ actor, id: params.id, input: body }), 'Referral updated'),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/changeAgencyReferral/{id}`,
    summary: 'Record the referral bonus payments (referring and referred side) with their documents',
    access: changeAgencyReferral.access,
    params: IdParam,
    body: ChangeReferralSchema,
    handler: async ({ actor, params, body }) =>
      ok(await changeAgencyReferral({ actor, id: params.id, input: body }), 'Referral updated'),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getAgencyReferrals/{agencyId}`,
    summary: 'The referrals an agency made, newest first',
    access: findAgencyReferrals.access,
    params: AgencyIdParam,
    query: ReferralListQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(await findAgencyReferrals({ actor, agencyId: params.agencyId, ...query })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getAllAgencyReferrals`,
    summary: 'Every referral, newest first, filtered by either agency name or e-mail',
    access: findAllAgencyReferrals.access,
    query: AllReferralsQuerySchema,
    handler: async ({ actor, query }) => paged(await findAllAgencyReferrals({ actor, input: query })),
  }),
]
