import { createRequestHandler } from '@remix-run/express'
import type { EntryContext, ServerBuild } from '@remix-run/node'
import express from 'express'
import type { AddressInfo } from 'node:net'
import type http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servePages } from '../../server/page-routes'

/**
 * A Remix build whose document lists what Remix matched and loaded, and which route modules it
 * was given: layouts with and without a path, an index, a literal beside a parameter, splats, a
 * resource route and single fetch.
 */
function build(): ServerBuild {
  const page = (id: string, extra: Record<string, unknown> = {}) => ({
    default: () => null,
    loader: ({ params }: { params: Record<string, string> }) => ({ id, params }),
    ...extra,
  })
  const routes: Record<string, { path?: string; index?: boolean; parentId?: string; module: object }> = {
    root: { path: '', module: page('root') },
    'routes/staff': { path: 'staff', parentId: 'root', module: page('staff') },
    'routes/staff._index': { index: true, parentId: 'routes/staff', module: page('staff index') },
    'routes/staff.policies': { path: 'policies', parentId: 'routes/staff', module: page('policies') },
    'routes/staff.policies.new': { path: 'policies/new', parentId: 'routes/staff', module: page('new') },
    'routes/staff.policies.$id': { path: 'policies/:id', parentId: 'routes/staff', module: page('policy') },
    'routes/staff.$': { path: '*', parentId: 'routes/staff', module: page('staff splat') },
    'routes/_auth': { parentId: 'root', module: page('auth layout') },
    'routes/_auth.login': {
      path: 'login',
      parentId: 'routes/_auth',
      module: page('login', { action: () => ({ posted: true }) }),
    },
    'routes/files.$': {
      path: 'files/*',
      parentId: 'root',
      module: {
        loader: ({ params }: { params: Record<string, string> }) => new Response(`file ${params['*']}`),
      },
    },
  }
  const document = (_req: Request, status: number, _headers: Headers, ctx: EntryContext) =>
    new Response(
      JSON.stringify({
        status,
        matches: ctx.staticHandlerContext.matches.map((m) => [m.route.id, m.params]),
        loaderData: ctx.staticHandlerContext.loaderData,
        actionData: ctx.staticHandlerContext.actionData,
        errors: ctx.staticHandlerContext.errors,
        given: Object.keys(ctx.routeModules),
      }),
      { status },
    )
  return {
    mode: 'production',
    entry: { module: { default: document } },
    routes: Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, { id, ...r }])),
    assets: {
      entry: { imports: [], module: '' },
      routes: Object.fromEntries(Object.keys(routes).map((id) => [id, { id, module: `/${id}.js` }])),
      url: '/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: '',
    future: { v3_singleFetch: true },
    isSpaMode: false,
  } as unknown as ServerBuild
}

async function listen(handler: express.RequestHandler) {
  const app = express()
  app.all('*', handler)
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

type Served = Awaited<ReturnType<typeof listen>>
let whole: Served
let cut: Served
beforeAll(async () => {
  const b = build()
  whole = await listen(createRequestHandler({ build: b }))
  cut = await listen(servePages(b))
})
afterAll(() => {
  whole.server.close()
  cut.server.close()
})

async function answer(base: string, path: string, init?: RequestInit) {
  const r = await fetch(`${base}${path}`, { redirect: 'manual', ...init })
  const text = await r.text()
  const body =
    r.headers.get('content-type')?.includes('json') || text.startsWith('{') ? JSON.parse(text) : text
  return { status: r.status, body }
}

const PATHS = [
  '/',
  '/staff',
  '/staff/',
  '/staff/policies',
  '/staff/policies/12',
  '/staff/policies/new',
  '/staff/policies/a%20b',
  '/staff/nothing/here',
  '/login',
  '/login?next=/staff',
  '/staff/../login',
  '/files/a/b.pdf',
  '/nowhere',
  '/staff/policies.data',
  '/staff/policies/12.data?_routes=routes%2Fstaff.policies.%24id',
  '/_root.data',
  '/nowhere.data',
]

describe('the pages served over their branch alone (server/page-routes.ts)', () => {
  it.each(PATHS)('GET %s answers as over the whole build', async (path) => {
    const [a, b] = await Promise.all([answer(whole.url, path), answer(cut.url, path)])
    const { given: _a, ...fromWhole } = typeof a.body === 'object' ? a.body : { body: a.body }
    const { given, ...fromCut } = typeof b.body === 'object' ? b.body : { body: b.body }
    expect({ status: b.status, ...fromCut }).toEqual({ status: a.status, ...fromWhole })
    // A matched page was rendered with the modules of its branch only.
    if (given && fromCut.matches?.length && b.status === 200)
      expect(given).toEqual(fromCut.matches.map(([id]: [string]) => id))
  })

  it('an action answers as over the whole build', async () => {
    const post = () => ({ method: 'POST', body: new URLSearchParams({ a: '1' }) })
    const [a, b] = await Promise.all([answer(whole.url, '/login', post()), answer(cut.url, '/login', post())])
    expect(b.status).toBe(200)
    expect(b.body.actionData).toEqual({ 'routes/_auth.login': { posted: true } })
    expect({ ...b.body, given: undefined }).toEqual({ ...a.body, given: undefined })
  })

  it('a page is rendered with its branch, not with every route', async () => {
    const { body } = await answer(cut.url, '/staff/policies/12')
    expect(body.given).toEqual(['root', 'routes/staff', 'routes/staff.policies.$id'])
    expect(body.loaderData['routes/staff.policies.$id']).toEqual({ id: 'policy', params: { id: '12' } })
  })
})
