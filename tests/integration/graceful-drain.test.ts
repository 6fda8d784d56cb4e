import { describe, expect, it } from 'vitest'
import { get, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { NextFunction, Request, Response } from 'express'
import { createApp } from '../../server/app'
import { readiness } from '../../server/observability/readiness'
import { drain } from '../../server/shutdown'

// How a web process drains on SIGTERM (server/shutdown.ts `drain`, which the signal handler runs
// before closing the pool and exiting), through the server's own request chain: a server-sent
// event stream is ended at once, a request in flight finishes, nothing new is accepted, and a
// request past the deadline is cut. The production server's own SIGTERM is tested on the build
// (tests/production/web-node.spec.ts).

/** Stand-ins for a slow page and an event stream, mounted where the pages are. */
function testRoutes(req: Request, res: Response, next: NextFunction) {
  if (req.path === '/test/events') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' })
    res.write('event: unread\ndata: {"unread":1}\n\n')
    return
  }
  if (req.path === '/test/slow') {
    setTimeout(() => res.type('text/plain').send('finished'), Number(req.query.ms))
    return
  }
  next()
}

async function listen() {
  const app = createApp({
    build: () => Promise.reject(new Error('no pages in this test')),
    before: [testRoutes],
  })
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

const open = (url: string) =>
  new Promise<IncomingMessage>((resolve, reject) => get(url, resolve).on('error', reject))

describe('draining a web process', () => {
  it('ends event streams at once, finishes the request in flight, then accepts nothing', async () => {
    const { server, base } = await listen()
    const events = await open(`${base}/test/events`)
    expect(events.headers['content-type']).toBe('text/event-stream')
    const streamEnded = new Promise<number>((resolve) => events.on('close', () => resolve(Date.now())))
    events.resume()
    const slow = fetch(`${base}/test/slow?ms=1500`).then(async (r) => ({
      status: r.status,
      body: await r.text(),
    }))
    await new Promise((r) => setTimeout(r, 200))

    const started = Date.now()
    const drained = drain(server, 10_000)
    expect((await streamEnded) - started).toBeLessThan(1_000)
    expect(await slow).toEqual({ status: 200, body: 'finished' })
    expect(await drained).toEqual({ forced: false })
    expect(Date.now() - started).toBeLessThan(5_000)
    await expect(fetch(`${base}/api/health`)).rejects.toThrow()
    // A draining process is not ready, whatever the rest says.
    expect((await readiness()).checks.process).toEqual({ ok: false, error: 'shutting down' })
  })

  it('cuts what is still running at the deadline', async () => {
    const { server, base } = await listen()
    const slow = fetch(`${base}/test/slow?ms=60000`).then(
      (r) => r.status,
      () => 'cut',
    )
    await new Promise((r) => setTimeout(r, 200))
    const started = Date.now()
    expect(await drain(server, 500)).toEqual({ forced: true })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(await slow).toBe('cut')
  })
})
