// The staff policy screens (route modules of app/routes/staff+/policies..., as Remix calls them),
// and the demo agency's policies seeded once.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { customers, policies } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { A, call, location, payload, policyRow, req, setUpPolicyFixtures, staff } from '../setup/policies'

setUpPolicyFixtures()

describe('screens (route modules, as Remix calls them)', () => {
  it('lets staff upload and issue a certificate from the staff detail page', async () => {
    const { policy } = await createPolicy(getDb(), { agencyId: A.agency.id, status: 'PAYMENT_APPROVED' })
    const route = await import('../../app/routes/staff+/policies.$policyId._index/route')
    const params = { policyId: String(policy.id) }
    const page = payload(
      await call(() =>
        route.loader({ request: req(`/staff/policies/${policy.id}`, staff), params, context: {} }),
      ),
    )
    expect(page).toMatchObject({ canManage: true, policy: { meta: { can_upload_certificate: true } } })
    const missingFile = payload(
      await call(() =>
        route.action({
          request: req(`/staff/policies/${policy.id}`, staff, {
            form: { intent: 'upload-certificate', membership_number: 'MM-1' },
          }),
          params,
          context: {},
        }),
      ),
    )
    expect(missingFile.error.certificate).toEqual(['Choose a file to upload'])
    // The reply names its form, so only the upload form shows the message.
    expect(missingFile.initialValue.intent).toBe('upload-certificate')
    const status = await call(() =>
      route.action({
        request: req(`/staff/policies/${policy.id}`, staff, {
          form: { intent: 'user-defined-status', status: 'IN_PROGRESS' },
        }),
        params,
        context: {},
      }),
    )
    expect(location(status)).toBe(`/staff/policies/${policy.id}`)
    expect((await policyRow(policy.id)).user_defined_status).toBe('IN_PROGRESS')
    // Agencies cannot open staff pages.
    const denied = await call(() =>
      route.loader({ request: req(`/staff/policies/${policy.id}`, A.token), params, context: {} }),
    )
    expect((denied as unknown as Response).status).toBe(403)
    const list = await import('../../app/routes/staff+/policies._index')
    const rows = payload(
      await call(() =>
        list.loader({
          request: req(`/staff/policies?agency_filter=${A.agency.id}&perPage=100`, staff),
          params: {},
          context: {},
        }),
      ),
    )
    expect(rows.rows.map((r: any) => r.id)).toContain(policy.id)
    // Archiving asks in the browser first; the form still posts the same fields.
    const archived = await call(() =>
      route.action({
        request: req(`/staff/policies/${policy.id}`, staff, {
          form: { intent: 'archive', is_archived: 'true' },
        }),
        params,
        context: {},
      }),
    )
    expect(location(archived)).toBe(`/staff/policies/${policy.id}`)
    expect((await policyRow(policy.id)).is_archived).toBe(true)
  })

  it('seeds the demo agency policies once', async () => {
    const { seedDemo, DEMO_AGENCY_EMAIL } = await import('../../db/seed/demo')
    await seedDemo(getDb())
    await seedDemo(getDb())
    const [demo] = await getDb()
      .select({ id: policies.agency_id })
      .from(policies)
      .innerJoin(customers, eq(customers.id, policies.customer_id))
      .where(eq(customers.email, 'olivia.chen@student.demo.local'))
    const statuses = (await getDb().select().from(policies).where(eq(policies.agency_id, demo.id))).map(
      (p) => p.status,
    )
    expect(statuses).toHaveLength(8)
    expect(new Set(statuses)).toEqual(
      new Set([
        'PERSONAL_INFORMATION_ADDED',
        'OTHER_DETAILS_ADDED',
        'INITIATED',
        'PURCHASED',
        'PAYMENT_REJECTED',
        'PAYMENT_APPROVED',
        'CERTIFICATE_ISSUED',
      ]),
    )
    expect(DEMO_AGENCY_EMAIL).toBe('agency@demo.local')
  })
})
