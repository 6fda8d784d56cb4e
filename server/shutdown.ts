import type { Server } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { closeDb } from '../db/client'
import { config } from '../domain/shared/config'
import { durationMs } from '../domain/shared/duration'
import { logInfo, logWarn } from '../domain/shared/log'
import { closeTemporalClient } from '../temporal/client'
import { isDraining, startDraining } from './observability/draining'
import { flushTracing } from './observability/tracing-state'

/** Responses this process has not finished yet. */
const inFlight = new Set<Response>()

const isEventStream = (res: Response) =>
  String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')

/**
 * Counts the requests in flight; once the process drains, each answer closes its connection so a
 * keep-alive client asks its next question elsewhere.
 */
export function trackInFlight(_req: Request, res: Response, next: NextFunction) {
  inFlight.add(res)
  res.once('close', () => inFlight.delete(res))
  if (isDraining()) res.setHeader('Connection', 'close')
  next()
}

/**
 * Drains `server`: stops accepting connections, answers /api/ready with 503, ends its server-sent
 * event streams at once (they never end by themselves; the browser's EventSource reconnects, to
 * another process or node) and lets the other requests in flight finish within `timeoutMs`, then
 * cuts what is left. Resolves when no connection is open; `forced` when the deadline cut some.
 */
export function drain(server: Server, timeoutMs: number): Promise<{ forced: boolean }> {
  startDraining()
  return new Promise((resolve) => {
    let done = false
    // Keep-alive connections that fall idle while draining would hold server.close() open.
    const idle = setInterval(() => server.closeIdleConnections(), 250)
    const deadline = setTimeout(() => finish(true), timeoutMs)
    const finish = (forced: boolean) => {
      if (done) return
      done = true
      clearTimeout(deadline)
      clearInterval(idle)
      if (forced) {
        logWarn('web', 'shutdown deadline passed; closing the requests still open', {
          pid: process.pid,
          in_flight: inFlight.size,
        })
        server.closeAllConnections()
      }
      resolve({ forced })
    }
    server.close(() => finish(false))
    for (const res of inFlight) {
      if (isEventStream(res)) res.destroy()
      else if (!res.headersSent) res.setHeader('Connection', 'close')
    }
    server.closeIdleConnections()
  })
}

/**
 * SIGTERM (or SIGINT) drains this web process (`drain`, within SHUTDOWN_TIMEOUT), then closes the
 * database pool and the Temporal client and exits: 0 when every request finished, 1 when the
 * deadline cut some off. A second signal (a process manager signals the whole group) changes nothing.
 */
export function drainOnSignals(server: Server) {
  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    const timeoutMs = shutdownTimeoutMs()
    logInfo('web', 'draining', { signal, pid: process.pid, in_flight: inFlight.size, timeout_ms: timeoutMs })
    const { forced } = await drain(server, timeoutMs)
    await Promise.allSettled([closeDb(), closeTemporalClient(), flushTracing()])
    process.exit(forced ? 1 : 0)
  }
  process.on('SIGTERM', (s) => void stop(s))
  process.on('SIGINT', (s) => void stop(s))
}

/** SHUTDOWN_TIMEOUT in milliseconds (the cluster's primary waits a little longer for its processes). */
export const shutdownTimeoutMs = () => durationMs(config().SHUTDOWN_TIMEOUT)
