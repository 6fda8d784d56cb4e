// Demo data for the after-sale processes, made through their use cases so that each has its
// workflow and inbox task like a real one: a full refund and an amendment waiting for staff.
import { eq } from 'drizzle-orm'
import type { Db } from '../client'
import { agencies, amendments, fullRefunds } from '../schema'
import { actorForIdentity } from '../../domain/access/sessions'
import { currentDetails } from '../../domain/amendments/amendment-data'
import { initiateAmendment } from '../../domain/amendments/initiate-amendment'
import { UpdateStudentDetailsSchema } from '../../domain/policies/policies.schemas'
import { requestFullRefund } from '../../domain/refunds/request-full-refund'
import { createPolicy } from './factories'
import { DEMO_AGENCY_EMAIL } from './demo'

/**
 * Once, for the active demo agency: a refund requested on an issued policy (staff assess it) and
 * an amendment of a paid policy extending its cover (staff confirm the new premium). Needs the
 * Temporal ports (the use cases start their workflows), so the start script runs it, not `seed`.
 */
export async function seedDemoAfterSale(db: Db) {
  const [agency] = await db
    .select({ id: agencies.id, identityId: agencies.identity_id })
    .from(agencies)
    .where(eq(agencies.email, DEMO_AGENCY_EMAIL))
  if (!agency?.identityId) return
  const [refund] = await db
    .select({ id: fullRefunds.id })
    .from(fullRefunds)
    .where(eq(fullRefunds.agency_id, agency.id))
  const [amendment] = await db
    .select({ id: amendments.id })
    .from(amendments)
    .where(eq(amendments.agency_id, agency.id))
  if (refund || amendment) return
  const actor = await actorForIdentity(agency.identityId, DEMO_AGENCY_EMAIL, 'Agency', false)
  if (!actor) return

  const { policy: refunded } = await createPolicy(db, {
    agencyId: agency.id,
    status: 'CERTIFICATE_ISSUED',
    firstName: 'Ethan',
    lastName: 'Nguyen',
    email: 'ethan.nguyen@student.demo.local',
  })
  await requestFullRefund({
    actor,
    policyId: refunded.id,
    reason: 'The student visa was refused; the student will not travel',
  })

  const { policy: amended } = await createPolicy(db, {
    agencyId: agency.id,
    status: 'PAYMENT_APPROVED',
    firstName: 'Aisha',
    lastName: 'Rahman',
    email: 'aisha.rahman@student.demo.local',
  })
  const d = await currentDetails(db, amended)
  await initiateAmendment({
    actor,
    input: UpdateStudentDetailsSchema.parse({
      policy_id: amended.id,
      amendment_note: 'The course was extended by six months',
      customer: d.customer,
      partner: d.partner,
      family_members: d.family_members,
      policy: { ...d.policy, end_date: '2028-07-31' },
    }),
  })
}
