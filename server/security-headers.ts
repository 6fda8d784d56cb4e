import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { isDemo } from '../domain/shared/config'
import { clientFrameAncestors } from '../domain/public-clients/client-origins'

const BASE_CSP = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  // A form that starts a card payment redirects to the gateway's hosted checkout.
  process.env.STRIPE_SECRET_KEY ? "form-action 'self' https://checkout.stripe.com" : "form-action 'self'",
]

/**
 * Security headers on every response, with a fresh script nonce in `res.locals.cspNonce`. Only
 * /embed/<clientId>/... may be framed, and only by the origins its public client allow-lists
 * (DESIGN.md section 11); everything else refuses framing.
 */
export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  const embed = /^\/embed\/([^/]+)/.exec(req.path)
  if (!embed) return setHeaders(res, "'none'", next)
  let clientId: string
  try {
    clientId = decodeURIComponent(embed[1])
  } catch {
    return setHeaders(res, "'none'", next)
  }
  clientFrameAncestors(clientId).then(
    (ancestors) => setHeaders(res, ancestors, next),
    (err: unknown) => next(err),
  )
}

function setHeaders(res: Response, frameAncestors: string, next: NextFunction) {
  const embeddable = frameAncestors !== "'none'"
  // Remix's inline scripts carry this per-response nonce (app/entry.server.tsx); no other inline
  // script may run.
  const nonce = randomBytes(16).toString('base64')
  res.locals.cspNonce = nonce
  res.setHeader(
    'Content-Security-Policy',
    [`script-src 'self' 'nonce-${nonce}'`, ...BASE_CSP, `frame-ancestors ${frameAncestors}`].join('; '),
  )
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  if (!embeddable) res.setHeader('X-Frame-Options', 'DENY')
  if (!isDemo()) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  next()
}
