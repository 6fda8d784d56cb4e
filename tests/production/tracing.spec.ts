// One approval's trace, end to end (issue 28): the built web node and worker started as production
// starts them (`node --import ./build/otel.mjs build/<name>.mjs`), exporting over OTLP/HTTP to a
// receiver in this test. A payout approved through the API runs from the web process's HTTP span
// through the Temporal client's Update, the workflow's update handler and its local activity down
// to each SQL statement, in one trace across both services, with the payout and agency ids as
// attributes and no personal data anywhere. Without an OTLP endpoint nothing is sent at all.
import { test, expect } from '@playwright/test'
import { createServer, type Server } from 'node:http'
import {
  call,
  deployment,
  freePort,
  signInStaff,
  startProcess,
  stopProductionSystem,
  until,
  waitForHealth,
  type Proc,
} from '../setup/production-system'

test.afterAll(stopProductionSystem)

type Attr = { key: string; value: Record<string, unknown> }
type OtlpSpan = {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes?: Attr[]
}
type OtlpExport = {
  resourceSpans: { resource: { attributes: Attr[] }; scopeSpans: { spans: OtlpSpan[] }[] }[]
}
/** A received span with its service and process, its attributes as plain values. */
type Span = OtlpSpan & { service: string; pid: number; attrs: Record<string, unknown> }

const SERVER = 2 // OTLP's SPAN_KIND_SERVER

function valueOf(v: Record<string, unknown>): unknown {
  if ('stringValue' in v) return v.stringValue
  if ('intValue' in v) return Number(v.intValue)
  if ('doubleValue' in v) return v.doubleValue
  if ('boolValue' in v) return v.boolValue
  return JSON.stringify(v)
}
const plain = (attrs: Attr[] = []) => Object.fromEntries(attrs.map((a) => [a.key, valueOf(a.value)]))

/** An OTLP/HTTP receiver (the JSON encoding the SDK's HTTP exporter posts to /v1/traces). */
async function otlpReceiver(port: number) {
  const spans: Span[] = []
  const requests: string[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      requests.push(`${req.method} ${req.url} ${req.headers['content-type']}`)
      const data = JSON.parse(body) as OtlpExport
      for (const rs of data.resourceSpans ?? []) {
        const resource = plain(rs.resource.attributes)
        for (const ss of rs.scopeSpans)
          for (const s of ss.spans)
            spans.push({
              ...s,
              service: String(resource['service.name']),
              pid: Number(resource['process.pid']),
              attrs: plain(s.attributes),
            })
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return { spans, requests, close: () => new Promise<void>((r) => server.close(() => r())) }
}

async function stop(...procs: Proc[]) {
  for (const p of procs) p.child.kill('SIGTERM')
  for (const p of procs) expect(await p.exit).toBe(0)
}

test('one payout approval is one trace from the request to each SQL statement', async () => {
  test.setTimeout(300_000)
  const { env, fixture } = await deployment('tracing', { TEMPORAL_SCHEDULES: 'off' })
  const [line1, line2] = fixture.agency.lineIds as number[]

  // Off by default: a receiver where the SDK would send without an endpoint (OTLP/HTTP's default
  // port, when it is free) hears nothing from a system that ran a whole approval.
  const quiet = await otlpReceiver(4318).catch(() => otlpReceiver(0))
  const offPort = await freePort()
  let worker = startProcess('worker', env({ OTEL_BSP_SCHEDULE_DELAY: '200' }))
  let web = startProcess('web', env({ PORT: String(offPort), OTEL_BSP_SCHEDULE_DELAY: '200' }))
  let started = Date.now()
  await Promise.all([waitForHealth(offPort), worker.waitForOutput(/polling task queue/)])
  console.log(`untraced web node and worker up in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const agencyLogin = await call(offPort, 'POST', '/authentication/login', {
    body: { email: fixture.agency.email, password: fixture.agency.password },
  })
  expect(agencyLogin.status).toBe(200)
  const agency = agencyLogin.body.data.token as string
  const { token: staff, code } = await signInStaff(offPort, fixture)
  const approve = async (port: number, line: number, invoice: string) => {
    const requested = await call(port, 'POST', '/agencies/finance-management/sendCommmisionPayoutRequest', {
      token: agency,
      body: { external_invoice_id: invoice, invoice_line_item_ids: [line] },
    })
    expect(requested.status, JSON.stringify(requested.body)).toBe(201)
    const payoutId = requested.body.data.id as number
    const approved = await call(port, 'POST', '/oshc/finance-management/approveCommissionPayoutRequest', {
      token: staff,
      body: { commission_payout_request_id: payoutId, payment_type: 'AGENCY_BALANCE' },
    })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body.data).toMatchObject({ id: payoutId, status: 'APPROVED' })
    return payoutId
  }
  await approve(offPort, line1, 'UNTRACED-1')
  await new Promise((r) => setTimeout(r, 1500)) // several batch delays
  await stop(web, worker)
  expect(quiet.requests, 'OTLP requests from a system without OTEL_EXPORTER_OTLP_ENDPOINT').toEqual([])
  await quiet.close()

  // Traced: the same system with an endpoint, the web node a cluster of two processes.
  const receiverPort = await freePort()
  const otlp = await otlpReceiver(receiverPort)
  const traced = {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
    OTEL_BSP_SCHEDULE_DELAY: '200',
  }
  const port = await freePort()
  worker = startProcess('worker', env(traced))
  web = startProcess('web', env({ ...traced, PORT: String(port), WEB_CONCURRENCY: '2' }))
  // The loader hook routes every module the app loads through Node's hooks: a traced process
  // starts several times slower (docs/production.md), so the wait is longer than untraced.
  started = Date.now()
  await Promise.all([waitForHealth(port, 180_000), worker.waitForOutput(/polling task queue/, 180_000)])
  console.log(`traced web node and worker up in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const payoutId = await approve(port, line2, 'TRACED-1')

  const isApproval = (s: Span) =>
    s.kind === SERVER &&
    String(s.attrs['http.target'] ?? s.attrs['url.path']).endsWith('/approveCommissionPayoutRequest')
  const http = await until('the approval request span', () => otlp.spans.find(isApproval))
  const trace = () => otlp.spans.filter((s) => s.traceId === http.traceId)
  const named = (re: RegExp) => trace().find((s) => re.test(s.name))
  const byId = () => new Map(trace().map((s) => [s.spanId, s]))
  /** The span's ancestors, nearest first, as far as they were received. */
  const ancestors = (s: Span) => {
    const ids = byId()
    const chain: Span[] = []
    for (let p = ids.get(s.parentSpanId ?? ''); p; p = ids.get(p.parentSpanId ?? '')) chain.push(p)
    return chain
  }
  const descendsFrom = (s: Span, from: Span) => ancestors(s).some((a) => a.spanId === from.spanId)
  const activity = await until('the activity span with its SQL', () => {
    const run = named(/^RunActivity:applyCommissionPayoutDecision$/)
    return run && trace().some((s) => s.name.startsWith('pg.query') && descendsFrom(s, run)) && run
  })
  await new Promise((r) => setTimeout(r, 1000)) // the rest of the batch

  const update = named(/^StartWorkflowUpdate:decide$/)!
  const handler = named(/^HandleUpdate:decide$/)!
  const scheduled = named(/^StartActivity:applyCommissionPayoutDecision$/)!
  const sql = trace().filter((s) => s.name.startsWith('pg.query') && descendsFrom(s, activity))
  const summary = trace()
    .map((s) => `${s.service}/${s.pid} ${s.name} <- ${ancestors(s)[0]?.name ?? '(root)'}`)
    .join('\n')
  console.log(`the approval's trace: ${trace().length} spans\n${summary}`)

  // The chain, each link a descendant of the one before, across the two services.
  expect(http.service).toBe('oshc-web')
  expect(http.parentSpanId || undefined, 'the request span is the root').toBeUndefined()
  // A process the cluster forked exported it (the primary only forks and aggregates metrics).
  expect(http.pid).not.toBe(web.child.pid)
  for (const [child, parent] of [
    [update, http],
    [handler, update],
    [scheduled, handler],
    [activity, scheduled],
  ] as const) {
    expect(child, summary).toBeDefined()
    expect(child.parentSpanId, `${child.name} a child of ${parent.name}\n${summary}`).toBe(parent.spanId)
  }
  expect(update.service).toBe('oshc-web')
  expect([handler.service, scheduled.service, activity.service]).toEqual([
    'oshc-worker',
    'oshc-worker',
    'oshc-worker',
  ])
  expect(sql.length, summary).toBeGreaterThan(2)
  expect(sql.every((s) => s.service === 'oshc-worker' && s.attrs['db.system'] === 'postgresql')).toBe(true)
  // The request's own queries (the payout it loads) hang under its span in the web process.
  expect(
    trace().some((s) => s.name.startsWith('pg.query') && s.service === 'oshc-web' && descendsFrom(s, http)),
  ).toBe(true)

  // Business ids where the work is: the request and the activity name the payout and its agency.
  for (const s of [http, activity])
    expect(s.attrs, s.name).toMatchObject({ 'oshc.payout_id': payoutId, 'oshc.agency_id': fixture.agency.id })

  // No personal data in any attribute of any span received: no e-mail, password, code or token,
  // and SQL as text with placeholders, never its parameter values.
  const secrets = [fixture.agency.email, fixture.staff.email, fixture.agency.password, 'Production-Passw0rd!']
  secrets.push(code, agency, staff)
  const values = otlp.spans.flatMap((s) => Object.entries(s.attrs).map(([k, v]) => [s.name, k, String(v)]))
  expect(values.filter(([, , v]) => secrets.some((x) => v.includes(x)))).toEqual([])
  expect(values.filter(([, , v]) => /[\w.+-]+@[\w-]+\.[a-z]{2,}/i.test(v))).toEqual([])
  expect(values.filter(([, k]) => /values|params|body/i.test(k))).toEqual([])
  const statements = sql.map((s) => String(s.attrs['db.statement']))
  expect(statements.some((q) => /\$1/.test(q))).toBe(true)
  expect(statements.filter((q) => q.includes(`'${fixture.agency.email}'`))).toEqual([])

  await stop(web, worker)
  await otlp.close()
})
