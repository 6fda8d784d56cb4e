// The decision scenarios of `npm run bench` (scripts/bench.ts): staff decisions over HTTP, each
// answered once its workflow's Temporal Update is done: agencies' portals activated (onboarding), and
// amendment premiums confirmed, one at a time and 4 at a time.
import { bearer, type Result } from './bench-measure'

export async function decisionScenarios(o: {
  APP: string
  staff: string
  wanted: (name: string) => boolean
  push: (row: Result) => void
}) {
  const { APP, staff, wanted } = o
  const { getDb } = await import('../db/client')
  const { wireProcesses } = await import('../temporal/processes')
  const processes = wireProcesses()
  const { createAgency, createPolicy } = await import('../db/seed/factories')

  /** Times one POST per subject, `c` at a time, each answered once its workflow's Update is done. */
  async function decisions(
    name: string,
    subjects: number[],
    request: (id: number) => [string, unknown],
    c = 4,
  ) {
    await new Promise((r) => setTimeout(r, 2000)) // the workflows reach their wait
    const times: number[] = []
    let errors = 0
    let next = 0
    const t0 = Date.now()
    await Promise.all(
      Array.from({ length: c }, async () => {
        while (next < subjects.length) {
          const [url, body] = request(subjects[next++])
          const t = performance.now()
          const r = await fetch(`${APP}/api${url}`, {
            method: 'POST',
            headers: { ...bearer(staff), 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
          await r.arrayBuffer()
          if (r.status !== 200) errors++
          times.push(performance.now() - t)
        }
      }),
    )
    times.sort((a, b) => a - b)
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]
    o.push({
      app: {
        name,
        c,
        rps: times.length / ((Date.now() - t0) / 1000),
        p50: at(50),
        p95: at(95),
        p99: at(99),
        errors,
      },
      target: { p50: 60 },
    })
  }

  const ACTIVATE = 'approval through a Temporal Update (activate portal), c4'
  const CONFIRM = 'amendment premium confirmed through a Temporal Update'
  // Onboarding: staff activate agencies whose agreement is signed.
  const signed: number[] = []
  for (let i = 0; i < (wanted(ACTIVATE) ? 60 : 0); i++) {
    const a = await createAgency(getDb(), { status: 'AGREEMENT_SIGNED' })
    await processes.onboarding.changed(a.id)
    signed.push(a.id)
  }
  if (wanted(ACTIVATE))
    await decisions(ACTIVATE, signed, (id) => [
      `/agencies/agency-management/updateAdminAgencyStatus/${id}`,
      { status: 'PORTAL_ACTIVATED' },
    ])

  // After the sale: staff confirm the premium of amendments the demo agency opened.
  const { actorForIdentity } = await import('../domain/access/sessions')
  const { initiateAmendment } = await import('../domain/amendments/initiate-amendment')
  const { currentDetails } = await import('../domain/amendments/amendment-data')
  const { UpdateStudentDetailsSchema } = await import('../domain/policies/policies.schemas')
  const { agencies: agencyTable } = await import('../db/schema')
  const { eq } = await import('drizzle-orm')
  const [demo] = await getDb()
    .select({ id: agencyTable.id, identityId: agencyTable.identity_id })
    .from(agencyTable)
    .where(eq(agencyTable.email, 'agency@demo.local'))
  const demoActor = (await actorForIdentity(demo.identityId!, 'agency@demo.local', 'Agency', false))!
  const amendmentIds: number[] = []
  for (let i = 0; i < (wanted(CONFIRM) ? 60 : 0); i++) {
    const { policy } = await createPolicy(getDb(), { agencyId: demo.id, status: 'PAYMENT_APPROVED' })
    const d = await currentDetails(getDb(), policy)
    const opened = await initiateAmendment({
      actor: demoActor,
      input: UpdateStudentDetailsSchema.parse({
        policy_id: policy.id,
        ...d,
        policy: { ...d.policy, end_date: '2028-07-31' },
      }),
    })
    amendmentIds.push(opened.amendment_id)
  }
  const confirm = (id: number): [string, unknown] => [
    '/oshc/policy-management/updateAmmendmentPolicyById',
    { id, is_premium_confirmed_by_admin: true },
  ]
  // One at a time (the latency of a decision on its own), then 4 at a time.
  if (wanted(CONFIRM)) {
    await decisions(`${CONFIRM}, c1`, amendmentIds.slice(0, 20), confirm, 1)
    await decisions(`${CONFIRM}, c4`, amendmentIds.slice(20), confirm)
  }
}
