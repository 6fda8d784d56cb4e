// The floors of the server-rendered pages in `npm run bench` (scripts/bench.ts): the sign-in page
// through the app's whole chain with no data, then the list and inbox pages' own HTML, as the app
// rendered it once, served by bare node:http as bytes and as React's render of the same markup
// (scripts/bench-page-floor.mjs). Set against those, a page's ratio shows how much of its cost
// any React render of that markup would pay on this machine, and how much is the app's.
// BENCH_FLOOR_PORT moves that server off its port (3302).
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { waitForPort } from './lib.mjs'
import { cookie, type measuring } from './bench-measure'

export async function pageFloors(o: {
  APP: string
  staff: string
  processes: number
  wanted: (name: string) => boolean
  scenario: ReturnType<typeof measuring>['scenario']
  child: (name: string, cmd: string, args: string[], env: Record<string, string | undefined>) => ChildProcess
}) {
  const { scenario } = o
  const port = Number(process.env.BENCH_FLOOR_PORT ?? 3302)
  const dir = path.resolve('.data/bench/pages')
  // The floor of the chain: the sign-in page, no loader data and no session, through Express,
  // Remix (over the page's branch of routes), React's render and the hydration scripts.
  await scenario('floor: sign-in page (no data), server-rendered', '/login', 16, {}, {})
  const pages = { list: '/staff/policies', inbox: '/staff/inbox' }
  const rows = Object.keys(pages).flatMap((name) => [
    [`floor: the ${name} page's HTML as bytes, bare node:http`, `${name}.html`],
    [`floor: the ${name} page's markup rendered by React alone, bare node:http`, `${name}.react`],
  ])
  if (!rows.some(([row]) => o.wanted(row))) return
  mkdirSync(dir, { recursive: true })
  for (const [name, page] of Object.entries(pages)) {
    const r = await fetch(`${o.APP}${page}`, { headers: cookie(o.staff) })
    if (r.status !== 200) throw new Error(`${page}: ${r.status}`)
    writeFileSync(path.join(dir, `${name}.html`), Buffer.from(await r.arrayBuffer()))
  }
  const server = o.child('page floor', 'node', ['scripts/bench-page-floor.mjs'], {
    ...process.env,
    NODE_ENV: 'production',
    WEB_CONCURRENCY: String(o.processes),
    PORT: String(port),
    BENCH_PAGES: dir,
  })
  await waitForPort(port, 'page floor')
  for (const [row, file] of rows)
    await scenario(row, `http://127.0.0.1:${port}/${file}`, 16, {}, {}, server.pid)
  server.kill('SIGTERM')
}
