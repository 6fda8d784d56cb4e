import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll } from 'vitest'
import { resetConfig } from '../../domain/shared/config'
import { api } from './api'

const STRIPE_ENV = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const

/** What a test says about a dispute it sends (Stripe's Dispute object, the fields we read). */
export type DisputeFields = {
  id: string
  payment_intent: string | null
  amount: number
  currency?: string
  reason?: string
  status?: string
  /** Unix seconds; Stripe's evidence deadline. */
  due_by?: number
}

/**
 * Stripe's API cannot be reached from here: a local stand-in answers the two calls the gateway
 * makes (create and read a Checkout Session) for the tests of the enclosing file or describe
 * block, with the gateway configured to use it. `sessions` lets a test mark a session paid; a paid
 * session answers its PaymentIntent (`payment_intent`, which disputes name).
 */
export function stripeStandIn(webhookSecret: string) {
  const sessions = new Map<string, { amount_total: number; paid: boolean; payment_intent: string }>()
  const saved: Record<string, string | undefined> = {}
  let stand: Server

  beforeAll(async () => {
    stand = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        res.setHeader('content-type', 'application/json')
        if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
          const id = `cs_test_${sessions.size + 1}_${Date.now()}`
          const amount = Number(new URLSearchParams(body).get('line_items[0][price_data][unit_amount]'))
          sessions.set(id, {
            amount_total: amount,
            paid: false,
            payment_intent: `pi_test_${sessions.size + 1}_${Date.now()}`,
          })
          const url = `https://checkout.stripe.com/c/pay/${id}`
          res.end(JSON.stringify({ id, object: 'checkout.session', url, status: 'open' }))
          return
        }
        const url = new URL(req.url ?? '/', 'http://stand-in')
        if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
          // sessions.list({ payment_intent }): the session that made a payment.
          const pi = url.searchParams.get('payment_intent')
          const found = [...sessions].filter(([, s]) => s.paid && s.payment_intent === pi)
          res.end(
            JSON.stringify({
              object: 'list',
              url: '/v1/checkout/sessions',
              has_more: false,
              data: found.map(([id, s]) => ({
                id,
                object: 'checkout.session',
                status: 'complete',
                payment_status: 'paid',
                amount_total: s.amount_total,
                payment_intent: s.payment_intent,
              })),
            }),
          )
          return
        }
        const m = /^\/v1\/checkout\/sessions\/(\w+)$/.exec(req.url ?? '')
        const s = m && sessions.get(m[1])
        if (req.method === 'GET' && s) {
          res.end(
            JSON.stringify({
              id: m[1],
              object: 'checkout.session',
              status: s.paid ? 'complete' : 'open',
              payment_status: s.paid ? 'paid' : 'unpaid',
              amount_total: s.amount_total,
              // Stripe creates the PaymentIntent when the customer pays.
              payment_intent: s.paid ? s.payment_intent : null,
            }),
          )
          return
        }
        res.statusCode = 404
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such session' } }))
      })
    })
    await new Promise<void>((r) => stand.listen(0, '127.0.0.1', r))
    const { port } = stand.address() as AddressInfo
    for (const key of STRIPE_ENV) saved[key] = process.env[key]
    process.env.STRIPE_SECRET_KEY = 'sk_test_stand_in'
    process.env.STRIPE_WEBHOOK_SECRET = webhookSecret
    process.env.STRIPE_API_BASE = `http://127.0.0.1:${port}`
    resetConfig()
  })

  afterAll(async () => {
    for (const key of STRIPE_ENV)
      if (saved[key] === undefined) delete process.env[key]
      else process.env[key] = saved[key]
    resetConfig()
    await new Promise((r) => stand.close(r))
  })

  /** The webhook event of a completed Checkout Session. */
  const completed = (sessionId: string, eventId = `evt_${sessionId}`) =>
    JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid' } },
    })

  /** The webhook event of a dispute: charge.dispute.created, .closed, .updated... */
  const disputeEvent = (type: string, d: DisputeFields, eventId = `evt_${type}_${d.id}`) =>
    JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      data: {
        object: {
          id: d.id,
          object: 'dispute',
          amount: d.amount,
          currency: d.currency ?? 'aud',
          reason: d.reason ?? 'fraudulent',
          status: d.status ?? 'needs_response',
          payment_intent: d.payment_intent,
          charge: `ch_for_${d.payment_intent ?? 'unknown'}`,
          created: Math.floor(Date.now() / 1000),
          evidence_details: { due_by: d.due_by ?? Math.floor(Date.now() / 1000) + 7 * 86_400 },
        },
      },
    })

  const signed = (payload: string, secret = webhookSecret, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })

  /** Delivers a payload to POST /api/webhook/stripe with the given signature (none when null). */
  const deliver = (payload: string, signature: string | null = signed(payload)) =>
    api('POST', '/webhook/stripe', {
      rawBody: payload,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
    })

  return { sessions, completed, disputeEvent, signed, deliver }
}
