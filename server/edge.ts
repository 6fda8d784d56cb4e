import type { Express, NextFunction, Request, Response } from 'express'
import { isCrossSiteWrite, readCookie, SESSION_COOKIE } from '../api/auth.server'
import { config } from '../domain/shared/config'

/**
 * Proxy headers are trusted only when TRUST_PROXY says a proxy sets them: then X-Forwarded-For
 * is the client IP (req.ip, which the rate limits count) and X-Forwarded-Proto the scheme.
 * Otherwise they are ignored: anyone can send them.
 */
export function trustProxyWhenConfigured(app: Express) {
  app.set('trust proxy', config().TRUST_PROXY)
}

/**
 * What loaders, actions and the API receive as `context`; `method` is the client's method when
 * answerUnsupportedMethods (request-guards.ts) handed an /api request on as OPTIONS.
 */
export const loadContext = (req: Request, res: Response) => ({
  clientIp: req.ip ?? 'unknown',
  method: res.locals.method as string | undefined,
  /** The script nonce of this response's Content-Security-Policy (security-headers.ts). */
  cspNonce: res.locals.cspNonce as string | undefined,
})

/**
 * Refuses (403) every page write from another origin, signed in or not, before Remix sees it:
 * Remix's own check answers such posts with a 500 and skips resource routes (logout).
 * /api applies the same rule itself, where Bearer calls are exempt.
 */
export function refuseCrossSiteWrites(req: Request, res: Response, next: NextFunction) {
  if (req.path === '/api' || req.path.startsWith('/api/')) return next()
  // Reads write nothing: no Request to build for them (most page requests).
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) headers.set(name, value.join(', '))
  }
  let request: globalThis.Request
  try {
    request = new globalThis.Request(`${req.protocol}://${req.get('host')}${req.originalUrl}`, {
      method: req.method,
      headers,
    })
  } catch {
    res.status(400).type('text/plain').send('Bad request')
    return
  }
  const cookieSession = readCookie(request, SESSION_COOKIE) !== undefined
  if (isCrossSiteWrite(request, { cookieSession })) {
    res.status(403).type('text/plain').send('Cross-site request refused')
    return
  }
  next()
}
