import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ServerBuild } from '@remix-run/node'
import { createApp } from '../../server/app'
import { endpoints } from '../../api/endpoints'
import type { Endpoint } from '../../api/define'
import { handleApiRequest } from '../../api/router.server'
import { getDb } from '../../db/client'
import { createAgency } from '../../db/seed/factories'
import { agencyWithToken, api, staffToken } from '../setup/api'

/**
 * Hostile input must be refused (400/404/...) or handled, never reach the database as a value it
 * cannot hold (500): ids past PostgreSQL `integer`, numbers that are not ids, and text holding NUL.
 */
const HOSTILE = ['2147483648', '1e20', '-1', '1.5', 'Infinity', 'a\u0000b']
/** Text fields: the two that can hurt text (NUL; a number some query may compare with an id). */
const HOSTILE_TEXT = ['2147483648', 'a\u0000b']
/** In JSON bodies numeric fields get the numbers as numbers. */
const HOSTILE_NUMBERS = [2147483648, 1e20, -1, 1.5, 'Infinity', 'a\u0000b']
/** Names sent where a row declares no fields: the usual ids and paging, as numbers. */
const GENERIC = ['id', 'agency_id', 'agencyId', 'policy_id', 'policyId', 'page', 'perPage', 'search'].map(
  (name) => ({ path: [name], numeric: true }),
)
/** The largest valid id: valid, and no record has it, so the benign parts of a request harm nothing. */
const SOME_ID = 2147483647

type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  format?: string
  pattern?: string
  minLength?: number
  minimum?: number
  exclusiveMinimum?: number
  maximum?: number
  default?: unknown
}

function jsonSchema(s: unknown): JsonSchema {
  if (!s) return {}
  try {
    return z.toJSONSchema(s as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  } catch {
    return {}
  }
}

const idLike = (name: string) => /(^id$|_id$|Id$|_Id$)/.test(name)

/** A plausible valid value for a field, so that a request fails (if at all) on the hostile field. */
function example(s: JsonSchema, name: string, full: boolean): unknown {
  if (s.const !== undefined) return s.const
  if (s.enum?.length) return s.enum[0]
  const branch = s.anyOf ?? s.oneOf
  if (branch) return example(branch.find((b) => b.type !== 'null') ?? branch[0], name, full)
  if (s.allOf?.length) return example(s.allOf[0], name, full)
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      const keys = full ? Object.keys(s.properties ?? {}) : (s.required ?? [])
      for (const key of keys) out[key] = example(s.properties?.[key] ?? {}, key, full)
      return out
    }
    case 'array':
      return [example(s.items ?? {}, name, full)]
    case 'boolean':
      return true
    case 'number':
    case 'integer':
      if (idLike(name)) return SOME_ID
      return Math.min(Math.max(1, (s.minimum ?? s.exclusiveMinimum ?? 0) + 1), s.maximum ?? Infinity)
    case 'string':
      if (s.format === 'email' || /email/i.test(name)) return 'sweep@example.test'
      if (/dob|birth/i.test(name)) return '2000-01-01'
      if (s.format === 'date' || s.pattern?.includes('\\d{4}') || /date/i.test(name)) return '2030-01-01'
      if (idLike(name)) return String(SOME_ID)
      return 'Sweep'.padEnd(Math.max(5, s.minLength ?? 0), 'x')
    default:
      return s.default ?? (idLike(name) ? SOME_ID : 'Sweep')
  }
}

type Field = { path: (string | number)[]; numeric: boolean }

/** Every field of an object schema, nested objects and array items included. */
function fields(s: JsonSchema, prefix: (string | number)[] = []): Field[] {
  const branch = s.anyOf ?? s.oneOf
  if (branch) return branch.flatMap((b) => fields(b, prefix))
  if (s.items) return fields(s.items, [...prefix, 0])
  if (!s.properties) {
    const types = [s.type ?? []].flat()
    return prefix.length
      ? [{ path: prefix, numeric: types.includes('number') || types.includes('integer') }]
      : []
  }
  return Object.entries(s.properties).flatMap(([k, v]) => fields(v, [...prefix, k]))
}

/** `base` with `value` placed at `path`, building the containers on the way. */
function withValue(base: unknown, path: (string | number)[], value: unknown) {
  const root = structuredClone(base ?? {}) as Record<string | number, unknown>
  let node = root
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = value
    else {
      const next = node[key]
      node[key] = next && typeof next === 'object' ? next : typeof path[i + 1] === 'number' ? [] : {}
      node = node[key] as Record<string | number, unknown>
    }
  })
  return root
}

/** SQL text, driver errors or stack frames in an answer. */
const LEAK =
  /Failed query|\bselect\b[^"]*\bfrom\b|\n\s+at \S|node_modules|violates .*constraint|out of range for type|invalid byte sequence/i

type Probe = { method: string; path: string; query: Record<string, string>; body?: unknown; what: string }

/**
 * The hostile requests for one row: each value in each path param, query field and body field,
 * over two otherwise valid-looking requests (required fields only, and every field).
 */
function probes(e: Endpoint): Probe[] {
  const paramNames = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
  const params = Object.fromEntries(paramNames.map((n) => [n, String(SOME_ID)]))
  const pathWith = (p: Record<string, string>) =>
    e.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(p[n]))
  const query = jsonSchema(e.query)
  const queryFields = fields(query)
  const body = jsonSchema(e.body)
  const hasBody = e.method !== 'GET'
  const bodyFields = hasBody ? fields(body) : []
  const out: Probe[] = []
  const seen = new Set<string>()
  for (const full of [false, true]) {
    const baseQuery = Object.fromEntries(
      Object.entries(example(query, '', full) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    )
    const baseBody = hasBody ? (e.body ? example(body, '', full) : {}) : undefined
    const key = JSON.stringify([baseQuery, baseBody])
    if (seen.has(key)) continue
    seen.add(key)
    const base = { method: e.method, path: pathWith(params), query: baseQuery, body: baseBody }
    if (!full)
      for (const n of paramNames)
        for (const v of HOSTILE)
          out.push({ ...base, path: pathWith({ ...params, [n]: v }), what: `path ${n}=${JSON.stringify(v)}` })
    // The second request only adds the other fields: one out-of-range id per field is enough there.
    for (const f of queryFields.length ? queryFields : GENERIC)
      for (const v of full ? ['2147483648'] : f.numeric ? HOSTILE : HOSTILE_TEXT) {
        const n = String(f.path[0])
        out.push({ ...base, query: { ...baseQuery, [n]: v }, what: `query ${n}=${JSON.stringify(v)}` })
      }
    if (hasBody)
      for (const f of bodyFields.length ? bodyFields : GENERIC)
        for (const v of full ? [2147483648] : f.numeric ? HOSTILE_NUMBERS : HOSTILE_TEXT)
          out.push({
            ...base,
            body: withValue(baseBody, f.path, v),
            what: `body ${f.path.join('.')}=${JSON.stringify(v)}`,
          })
  }
  return out
}

async function send(p: Probe, token: string | undefined) {
  const url = new URL(`http://test.local/api${p.path}`)
  for (const [k, v] of Object.entries(p.query)) url.searchParams.set(k, v)
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (p.body !== undefined) headers['content-type'] = 'application/json'
  const res = await handleApiRequest(
    new Request(url, {
      method: p.method,
      headers,
      body: p.body === undefined ? undefined : JSON.stringify(p.body),
    }),
    { clientIp: '127.0.0.1' },
  )
  try {
    return { status: res.status, text: await res.text() }
  } catch (err) {
    // A streamed answer (an export) that fails half-way is a 500 the status line could not show.
    return { status: 599, text: String(err) }
  }
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++])
    }),
  )
}

/**
 * The production server's request chain (server/app.ts) in front of a Remix build with a
 * page-less document handler: what Express and Remix do with methods the Fetch API cannot carry
 * is part of what is tested.
 */
async function serveLikeProduction() {
  const build = {
    mode: 'production',
    entry: {
      module: {
        default: (_req: Request, status: number) => new Response(`page ${status}`, { status }),
      },
    },
    routes: {
      root: { id: 'root', path: '', module: { default: () => null } },
    },
    assets: { entry: { imports: [], module: '' }, routes: {}, url: '', version: 'test' },
    publicPath: '/',
    assetsBuildDirectory: '',
    future: {},
    isSpaMode: false,
  } as unknown as ServerBuild
  const app = createApp({ build })
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  return { port: (server.address() as AddressInfo).port, close: () => server.close() }
}

/** node:http, because fetch refuses to send TRACE. */
function rawHttp(port: number, method: string, path: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      req.on('error', reject)
      req.end()
    },
  )
}

describe('bad input never reaches a 500', () => {
  it('every endpoint refuses out-of-range ids, non-integers and NUL bytes in path, query and body, for every actor', async () => {
    const staff = await staffToken()
    const { token: agency } = await agencyWithToken()
    const actors = [
      { who: 'anonymous', token: undefined, kind: null },
      { who: 'staff', token: staff, kind: 'staff' },
      { who: 'agency', token: agency, kind: 'agency' },
    ] as const
    // An actor the row refuses (401/403, decided before any input is read) gets one probe only.
    const admits = (e: Endpoint, kind: 'staff' | 'agency' | null) =>
      'public' in e.access || (kind !== null && !!e.access[kind])
    // Logging out ends the session the sweep uses: those rows go last.
    const last = (e: Endpoint) => (e.path.endsWith('/logout') ? 1 : 0)
    const rows = [...endpoints].sort((a, b) => last(a) - last(b))
    const failures: string[] = []
    const statuses: Record<number, number> = {}
    for (const group of [rows.filter((e) => !last(e)), rows.filter(last)]) {
      const cases = group.flatMap((e) => {
        const all = probes(e)
        return actors.flatMap((a) => (admits(e, a.kind) ? all : all.slice(0, 1)).map((p) => ({ p, ...a })))
      })
      await inParallel(cases, 6, async ({ p, who, token }) => {
        const r = await send(p, token)
        statuses[r.status] = (statuses[r.status] ?? 0) + 1
        if (r.status >= 500) failures.push(`${p.method} ${p.path} as ${who}, ${p.what}: ${r.status}`)
        // Whatever the status, an answer never carries SQL or a stack trace.
        else if (LEAK.test(r.text))
          failures.push(`${p.method} ${p.path} as ${who}, ${p.what}: leaks ${r.text.slice(0, 200)}`)
      })
    }
    expect(failures).toEqual([])
    // The sweep reached the handlers (answers and "not found"), not only the validation.
    expect(statuses[200]).toBeGreaterThan(0)
    expect(statuses[404]).toBeGreaterThan(0)
    // About 95 s alone on the 2-core machine (a few thousand calls over ~290 rows); the suite runs
    // another test file beside it, so the budget leaves room for that.
  }, 240_000)
})

describe('methods', () => {
  const paths = new Map<string, Set<string>>()
  for (const e of endpoints) {
    const path = e.path.replace(/\{\w+\}/g, '1')
    ;(paths.get(path) ?? paths.set(path, new Set()).get(path)!).add(e.method)
  }

  it('answers 405 with the methods the path serves in Allow, for PATCH and any method the path lacks', async () => {
    const wrong = await api('GET', '/agencies/agency-management/registerAgency')
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
    for (const [path, methods] of paths) {
      for (const method of ['PATCH', ...['GET', 'POST', 'PUT', 'DELETE'].filter((m) => !methods.has(m))]) {
        const r = await handleApiRequest(new Request(`http://test.local/api${path}`, { method }))
        expect(r.status, `${method} ${path}`).toBe(405)
        expect(r.headers.get('allow')?.split(', ').sort(), `${method} ${path}`).toEqual([...methods].sort())
        expect((await r.json()).message).toBe(`Method ${method} is not allowed on /api${path}`)
      }
    }
  })

  it('answers TRACE over HTTP with 405 and Allow on /api, and 405 on pages, without a stack trace', async () => {
    const server = await serveLikeProduction()
    try {
      const api405 = await rawHttp(server.port, 'TRACE', '/api/authentication/login')
      expect(api405.status).toBe(405)
      expect(api405.headers.allow).toBe('POST')
      expect(JSON.parse(api405.body).message).toBe('Method TRACE is not allowed on /api/authentication/login')
      const patch = await rawHttp(server.port, 'PATCH', '/api/authentication/login')
      expect(patch.status).toBe(405)
      expect(patch.headers.allow).toBe('POST')
      const page = await rawHttp(server.port, 'TRACE', '/login')
      expect(page.status).toBe(405)
      expect(page.headers.allow).toBe('GET, HEAD, POST')
      for (const r of [api405, patch, page]) expect(r.body).not.toMatch(LEAK)
    } finally {
      server.close()
    }
  })
})

describe('bodies', () => {
  const LOGIN = 'http://test.local/api/authentication/login'
  const post = (url: string, body: string | undefined, type?: string) =>
    handleApiRequest(
      new Request(url, { method: 'POST', body, headers: type ? { 'content-type': type } : {} }),
      { clientIp: '127.0.0.1' },
    )
  const credentials = JSON.stringify({ email: 'admin@oshc.local', password: 'Admin-Passw0rd!' })

  it('takes JSON only: other content types answer 415 with a clear message', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      undefined,
    ]) {
      const r = await post(LOGIN, credentials, type)
      expect(r.status, String(type)).toBe(415)
      expect((await r.json()).message).toBe('Send the request body as JSON (Content-Type: application/json)')
    }
    expect((await post(LOGIN, credentials, 'application/json; charset=utf-8')).status).toBe(200)
  })

  it('still serves a POST without a body where the row takes none', async () => {
    const token = await staffToken()
    const r = await handleApiRequest(
      new Request('http://test.local/api/authentication/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      }),
    )
    expect(r.status).toBe(200)
  })

  it('names the field holding NUL, in the path, the query and the body', async () => {
    const token = await staffToken()
    const body = await api('POST', '/authentication/forgotPassword', {
      body: { email: 'a\u0000@example.test' },
    })
    expect(body.status).toBe(400)
    expect(body.body.errors).toEqual({ email: ['must not contain the NUL character'] })
    const nested = await api('POST', '/oshc/user-management/createOshcRole', {
      token,
      body: { name: 'Role', extra: { deep: ['x\u0000'] } },
    })
    expect(nested.body.errors).toEqual({ 'extra.deep.0': ['must not contain the NUL character'] })
    const query = await api('GET', '/oshc/user-management/getOshcUsers', {
      token,
      query: { global_filter: 'x\u0000' },
    })
    expect(query.status).toBe(400)
    expect(query.body.errors).toEqual({ global_filter: ['must not contain the NUL character'] })
    const path = await api('GET', '/oshc/policy-management/getCustomerDetailByPolicyRef/a%00b', { token })
    expect(path.status).toBe(400)
    expect(path.body.errors).toEqual({ ref: ['must not contain the NUL character'] })
  })

  describe('size limits (API_JSON_LIMIT, 1 MB by default)', () => {
    const NOTIFY = 'http://test.local/api/notifications/notifyErrors'
    const MB = 1_048_576
    /** A JSON body of about `bytes`, as a stream that counts what the server pulled from it. */
    function streamed(bytes: number) {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
      let sent = 0
      const head = new TextEncoder().encode('{"error":"')
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) {
            sent += head.length
            return controller.enqueue(head)
          }
          if (sent >= bytes) return controller.close()
          sent += chunk.length
          controller.enqueue(chunk)
        },
      })
      return { body, pulled: () => sent }
    }

    it('answers 413 to a declared 20 MB body on the unauthenticated notifyErrors, before reading it', async () => {
      const big = streamed(20 * MB)
      const r = await handleApiRequest(
        new Request(NOTIFY, {
          method: 'POST',
          body: big.body,
          headers: { 'content-type': 'application/json', 'content-length': String(20 * MB) },
          duplex: 'half',
        } as RequestInit),
        { clientIp: '198.51.100.201' },
      )
      expect(r.status).toBe(413)
      expect((await r.json()).message).toBe(`The request body is too large (at most ${MB} bytes)`)
      expect(big.pulled()).toBeLessThan(MB)
    })

    it('stops reading a chunked body (no Content-Length) once it passes the limit', async () => {
      const big = streamed(20 * MB)
      const r = await handleApiRequest(
        new Request(NOTIFY, {
          method: 'POST',
          body: big.body,
          headers: { 'content-type': 'application/json' },
          duplex: 'half',
        } as RequestInit),
        { clientIp: '198.51.100.202' },
      )
      expect(r.status).toBe(413)
      expect(big.pulled()).toBeLessThan(MB + 256 * 1024)
    })

    it('still reads a body under the limit (validation answers, not 413)', async () => {
      const r = await post(
        LOGIN,
        JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(MB / 2) }),
        'application/json',
      )
      expect(r.status).not.toBe(413)
    })

    it('answers 413 over real HTTP, declared or chunked, and the client reads it (no reset)', async () => {
      const server = await serveLikeProduction()
      /** Sends `chunks` of 64 KB (chunked unless `declared`) and answers the status the client got. */
      const send = (declared?: number) =>
        new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
          const req = http.request({
            host: '127.0.0.1',
            port: server.port,
            method: 'POST',
            path: '/api/notifications/notifyErrors',
            headers: {
              'content-type': 'application/json',
              ...(declared ? { 'content-length': String(declared) } : {}),
            },
          })
          let answered = false
          req.on('response', (res) => {
            answered = true
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (c: string) => (body += c))
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
            )
          })
          // Once answered, the server closing the upload is expected.
          req.on('error', (err) => (answered ? undefined : reject(err)))
          const chunk = Buffer.alloc(64 * 1024, 'x')
          let sent = 0
          const pump = () => {
            while (!answered && sent < 20 * MB) {
              sent += chunk.length
              if (!req.write(chunk)) return req.once('drain', pump)
            }
            if (!answered) req.end()
          }
          req.write('{"error":"')
          pump()
        })
      try {
        for (const declared of [20 * MB, undefined]) {
          const r = await send(declared)
          expect(r.status, String(declared)).toBe(413)
          expect(r.connection).toBe('close')
          expect(JSON.parse(r.body).message).toBe(`The request body is too large (at most ${MB} bytes)`)
        }
      } finally {
        server.close()
      }
    })
  })

  it('names an id out of the integer range', async () => {
    const r = await api('POST', '/agencies/agency-management/verifyAgency', {
      body: { agencyId: 2147483648, otp: '123456' },
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({ agencyId: ['must be at most 2147483647'] })
    // The largest id is valid: it reaches the use case, which knows no such agency (a wrong code).
    const largest = await api('POST', '/agencies/agency-management/verifyAgency', {
      body: { agencyId: 2147483647, otp: '123456' },
    })
    expect(largest.status).toBe(400)
    expect(largest.body.errors?.agencyId).toBeUndefined()
  })
})

describe('numbers in bodies', () => {
  it('refuses a quantity no integer column holds, where the record exists', async () => {
    const token = await staffToken()
    const agency = await createAgency(getDb(), { status: 'CONFIGURATION_DONE' })
    const rule = {
      should_buy_insurance_provider_id: 1,
      should_buy_policy_type: 'SINGLE',
      can_buy_policy_type: 'FAMILY',
      can_buy_insurance_provider_id: 1,
    }
    for (const quantity of [2147483648, 1e20]) {
      const r = await api('POST', '/agencies/agency-management/upsertAgencyConfigurationV2', {
        token,
        body: {
          agency_Id: agency.id,
          buy_now_pay_later_amount: 0,
          purchase_rule: [{ ...rule, should_buy_quantity: quantity }],
        },
      })
      expect(r.status, String(quantity)).toBe(400)
      expect(r.body.errors['purchase_rule.0.should_buy_quantity']).toContain('must be at most 10000')
    }
  })
})

describe('pages', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  async function thrown(fn: () => Promise<unknown>) {
    try {
      await fn()
    } catch (err) {
      return err
    }
    throw new Error('expected the route to throw')
  }

  it('answers 404 for a route id that no record can have', async () => {
    const token = await staffToken()
    const policyPage = await import('../../app/routes/staff+/policies.$policyId._index/route')
    const agencyPage = await import('../../app/routes/staff+/agencies.$agencyId')
    for (const bad of ['2147483648', '1e20', '-1', '1.5', 'a\u0000b']) {
      const request = new Request(`http://test.local/staff/x`, { headers: bearer(token) })
      for (const [load, params] of [
        [policyPage.loader, { policyId: bad }],
        [agencyPage.loader, { agencyId: bad }],
      ] as const) {
        const r = await thrown(() => load({ request, params, context: {} }))
        expect(r instanceof Response ? r.status : r, bad).toBe(404)
      }
    }
  })

  it('refuses a form field holding NUL before the use case (400)', async () => {
    const token = await staffToken()
    const roles = await import('../../app/routes/staff+/roles')
    const request = new Request('http://test.local/staff/roles', {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'create', name: 'Role\u0000x' }),
    })
    const r = await thrown(() => roles.action({ request, params: {}, context: {} }))
    expect(r).toBeInstanceOf(Response)
    expect((r as Response).status).toBe(400)
    expect(await (r as Response).text()).toBe('name must not contain the NUL character')
  })

  it('answers 405 to a page action called with another method, 400 to a body that is not a form', async () => {
    const token = await staffToken()
    const roles = await import('../../app/routes/staff+/roles')
    const call = (method: string, init: RequestInit = {}) =>
      thrown(() =>
        roles.action({
          request: new Request('http://test.local/staff/roles', {
            method,
            ...init,
            headers: { ...bearer(token), ...init.headers },
          }),
          params: {},
          context: {},
        }),
      ) as Promise<Response>
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      const r = await call(method)
      expect(r.status, method).toBe(405)
      expect(r.headers.get('allow')).toBe('GET, POST')
    }
    const json = await call('POST', { body: '{}', headers: { 'content-type': 'application/json' } })
    expect(json.status).toBe(400)
    expect(await json.text()).toBe('The form could not be read')
  })

  it('answers 413 to a form past its cap, before reading it whole (1 MB of fields; 5 MB per file)', async () => {
    const token = await staffToken()
    const roles = await import('../../app/routes/staff+/roles')
    const call = (body: BodyInit, type: string) =>
      thrown(() =>
        roles.action({
          request: new Request('http://test.local/staff/roles', {
            method: 'POST',
            headers: { ...bearer(token), 'content-type': type },
            body,
          }),
          params: {},
          context: {},
        }),
      ) as Promise<Response>
    const fields = await call(
      new URLSearchParams({ intent: 'create', name: 'x'.repeat(2 * 1_048_576) }).toString(),
      'application/x-www-form-urlencoded',
    )
    expect(fields.status).toBe(413)
    const boundary = 'limit-test'
    const multipart = [
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      'x'.repeat(7 * 1_048_576),
      `\r\n--${boundary}--\r\n`,
    ].join('')
    const files = await call(multipart, `multipart/form-data; boundary=${boundary}`)
    expect(files.status).toBe(413)
    expect(await files.text()).toBe('The form is too large: files may be up to 5 MB each')
  })

  it('refuses an address holding NUL (%00) before any page loader', async () => {
    const server = await serveLikeProduction()
    try {
      const r = await rawHttp(server.port, 'GET', '/pay/a%00b')
      expect(r.status).toBe(400)
      expect(r.body).toBe('The address contains a character that is not allowed.')
    } finally {
      server.close()
    }
  })
})
