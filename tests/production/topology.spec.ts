// A production topology on this machine (issue 28): the machine's PostgreSQL with migrations
// applied by their own step, a Temporal dev server started on its own (standing in for a cluster:
// only TEMPORAL_ADDRESS points at it), two web nodes on different ports (each a cluster of two
// processes) and one worker, OSHC_DEMO=false. An agency's payout request made through node A is
// approved on node B while the worker that started its workflow has been killed and another
// started; the agency's bell on node A hears of it live (LISTEN/NOTIFY across nodes), and a rate
// card changed on node B is quoted on node A within a second.
import { test, expect } from '@playwright/test'
import { Client, Connection } from '@temporalio/client'
import {
  call,
  deployment,
  freePort,
  signInStaff,
  startProcess,
  stopProductionSystem,
  until,
  waitForHealth,
  type Answer,
} from '../setup/production-system'

test.afterAll(stopProductionSystem)

/** The unread counts a node's /notifications/stream sends, as they come. */
async function bell(port: number, cookie: string) {
  const controller = new AbortController()
  const r = await fetch(`http://127.0.0.1:${port}/notifications/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  })
  expect(r.status).toBe(200)
  const counts: number[] = []
  void (async () => {
    let buffer = ''
    const decoder = new TextDecoder()
    try {
      for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = /^event: unread\ndata: (.*)$/m.exec(event)
          if (data) counts.push(JSON.parse(data[1]).unread)
        }
      }
    } catch {
      // aborted
    }
  })()
  return { counts, close: () => controller.abort() }
}

const cookieOf = (a: Answer) => (a.headers.get('set-cookie') ?? '').split(';')[0]

test('two web nodes and a worker, as a deployment runs them', async () => {
  test.setTimeout(300_000)
  const { temporal, env, fixture } = await deployment('topology')

  const [a, b] = [await freePort(), await freePort()]
  let worker = startProcess('worker', env())
  startProcess('web', env({ PORT: String(a) }))
  startProcess('web', env({ PORT: String(b) }))
  await Promise.all([waitForHealth(a), waitForHealth(b), worker.waitForOutput(/polling task queue/)])
  for (const port of [a, b])
    await until(`node ${port} ready`, async () => (await call(port, 'GET', '/ready')).status === 200)

  // The agency signs in on node A and keeps its bell open there.
  const agencyLogin = await call(a, 'POST', '/authentication/login', {
    body: { email: fixture.agency.email, password: fixture.agency.password },
  })
  expect(agencyLogin.status, JSON.stringify(agencyLogin.body)).toBe(200)
  const agency = agencyLogin.body.data.token as string
  const agencyBell = await bell(a, cookieOf(agencyLogin))
  const unreadBefore = await until('the first unread count', () => agencyBell.counts[0])

  // Its payout request, through node A, starts the payout's workflow, which waits for staff.
  const requested = await call(a, 'POST', '/agencies/finance-management/sendCommmisionPayoutRequest', {
    token: agency,
    body: { external_invoice_id: 'TOPOLOGY-1', invoice_line_item_ids: fixture.agency.lineIds },
  })
  expect(requested.status, JSON.stringify(requested.body)).toBe(201)
  const payoutId = requested.body.data.id as number
  const connection = await Connection.connect({ address: temporal.address })
  const workflow = new Client({ connection }).workflow.getHandle(`payout-${payoutId}`)
  await until('the workflow waiting for the decision', async () => {
    const { events } = await workflow.fetchHistory()
    return events?.some((e) => e.workflowTaskCompletedEventAttributes) || undefined
  })

  // The worker dies during the wait; another takes its place.
  worker.child.kill('SIGKILL')
  await worker.exit
  worker = startProcess('worker', env())
  await worker.waitForOutput(/polling task queue/)

  // Staff sign in on node B with their authenticator app and approve there.
  const { token: staff } = await signInStaff(b, fixture)
  const approved = await call(b, 'POST', '/oshc/finance-management/approveCommissionPayoutRequest', {
    token: staff,
    body: { commission_payout_request_id: payoutId, payment_type: 'AGENCY_BALANCE' },
  })
  expect(approved.status, JSON.stringify(approved.body)).toBe(200)
  expect(approved.body.data).toMatchObject({ id: payoutId, status: 'APPROVED' })
  // The new worker ran the decision to the end: the workflow completed.
  await until('the workflow completed', async () =>
    (await workflow.describe()).status.name === 'COMPLETED' ? true : undefined,
  )
  await connection.close()

  // Node A's bell heard of it: the approval's notification committed in the worker's process, its
  // NOTIFY reached node A's LISTEN.
  await until(
    'the agency bell on node A to ring',
    () => agencyBell.counts.some((n) => n > unreadBefore) || undefined,
  )
  agencyBell.close()
  const seen = await call(
    a,
    'GET',
    `/agencies/finance-management/getCommissionPayouts/${fixture.agency.id}`,
    {
      token: agency,
    },
  )
  expect(seen.body.data.find((p: any) => p.id === payoutId)?.status).toBe('APPROVED')

  // A rate card changed on node B is quoted on node A within a second.
  const query = 'policyType=SINGLE&startDate=2027-02-01&endDate=2028-01-31'
  const premium = async () =>
    (await call(a, 'GET', `/insurances/getQuoteByProviderId/1?${query}`, { token: staff })).body.data
      .premium as number
  const before = await premium()
  const [card] = (
    await call(b, 'GET', '/oshc/pricing/getRateCards?provider_id=1&policy_type=SINGLE', {
      token: staff,
    })
  ).body.data
  const changed = await call(b, 'PUT', `/oshc/pricing/updateRateCard/${card.id}`, {
    token: staff,
    body: {
      provider_id: 1,
      policy_type: 'SINGLE',
      monthly_rate: card.monthly_rate + 10,
      currency: card.currency,
      valid_from: card.valid_from,
      valid_to: card.valid_to,
    },
  })
  expect(changed.status, JSON.stringify(changed.body)).toBe(200)
  const t = Date.now()
  await until(
    'node A to quote the new rate',
    async () => ((await premium()) !== before ? true : undefined),
    1_000,
  )
  expect(Date.now() - t).toBeLessThan(1_000)
  // The first answer may come from the node's process that looked the versions up first; its other
  // process reads them within half a second of its last look (reference-cache.ts). A second after
  // the change every answer of the node is the new rate.
  await new Promise((r) => setTimeout(r, Math.max(0, t + 1_000 - Date.now())))
  for (let i = 0; i < 4; i++) expect(await premium()).toBeCloseTo(before + 120, 2)
})
