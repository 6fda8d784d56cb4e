// The decision scenarios of `npm run bench` (scripts/bench.ts): staff decisions over HTTP, each
// answered once its workflow's Temporal Update is done: agencies' portals activated (onboarding), and
// amendment premiums confirmed, one at a time and 4 at a time. Each prints the CPU a decision cost
// every process group (web, workers, the Temporal server, the database) and the round trips the
// last decided workflow's history records for its decision.
import { cpuByGroup, type Group } from './bench-cpu'
import { bearer, type Result } from './bench-measure'

export async function decisionScenarios(o: {
  APP: string
  staff: string
  wanted: (name: string) => boolean
  push: (row: Result) => void
  /** The process groups whose CPU a decision costs. */
  cpu: Record<string, Group>
}) {
  const { APP, staff, wanted } = o
  const { getDb } = await import('../db/client')
  const { wireProcesses } = await import('../temporal/processes')
  const processes = wireProcesses()
  const { createAgency, createPolicy } = await import('../db/seed/factories')
  const { temporalClient } = await import('../temporal/client')
  const { processKeys } = await import('../domain/shared/process-keys.rules')

  /** What the history of `workflowId` records from its last Update's admission to its completion. */
  async function roundTrips(workflowId: string) {
    const { events } = await (await temporalClient()).workflow.getHandle(workflowId).fetchHistory()
    // Each event carries its attributes under its type's name (workflowTaskCompletedEventAttributes, ...).
    const kinds = (events ?? []).map(
      (e) => Object.keys(e).find((k) => k.endsWith('EventAttributes') && e[k as keyof typeof e]) ?? '',
    )
    const accepted = kinds.findLastIndex((k) => k.startsWith('workflowExecutionUpdateAccepted'))
    const from = kinds.slice(0, accepted).findLastIndex((k) => k.startsWith('workflowTaskScheduled'))
    const span = kinds.slice(
      from,
      kinds.findLastIndex((k) => k.startsWith('workflowExecutionUpdateCompleted')) + 1,
    )
    const n = (prefix: string) => span.filter((k) => k.startsWith(prefix)).length
    return `${n('workflowTaskCompleted')} workflow task(s), ${n('activityTaskScheduled')} activity task(s), ${n('markerRecorded')} local activities (markers)`
  }

  /** Times one POST per subject, `c` at a time, each answered once its workflow's Update is done. */
  async function decisions(
    name: string,
    subjects: number[],
    request: (id: number) => [string, unknown],
    workflowId: (id: number) => string,
    c = 4,
  ) {
    await new Promise((r) => setTimeout(r, 2000)) // the workflows reach their wait
    const times: number[] = []
    let errors = 0
    let next = 0
    const t0 = Date.now()
    const { ms } = await cpuByGroup(o.cpu, () =>
      Promise.all(
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
      ),
    )
    const per = Object.entries(ms).map(([g, v]) => `${g} ${(v / subjects.length).toFixed(1)}`)
    console.log(`    ${name}: CPU ms per decision: ${per.join(', ')}`)
    console.log(`    ${name}: ${await roundTrips(workflowId(subjects[subjects.length - 1]))}`)
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
        webMs: ms.web / subjects.length,
        dbMs: ms.db / subjects.length,
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
    await decisions(
      ACTIVATE,
      signed,
      (id) => [`/agencies/agency-management/updateAdminAgencyStatus/${id}`, { status: 'PORTAL_ACTIVATED' }],
      processKeys.agencyOnboarding,
    )

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
    await decisions(`${CONFIRM}, c1`, amendmentIds.slice(0, 20), confirm, processKeys.amendment, 1)
    await decisions(`${CONFIRM}, c4`, amendmentIds.slice(20), confirm, processKeys.amendment)
  }
}
