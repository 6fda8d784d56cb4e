// Setting a commission cap in tests: one person proposes, another confirms (ADR 0020).
import { expect } from 'vitest'
import { api } from './api'

export const CAPS = '/oshc/finance-management/commission-caps'

/** A cap in force from `effective_from`, proposed by `maker` and confirmed by `checker`. */
export async function setCapBy(
  tokens: { maker: string; checker: string },
  product_line: 'OSHC' | 'OVHC',
  max_rate: number | null,
  effective_from: string,
) {
  const p = await api('POST', `${CAPS}/propose`, {
    token: tokens.maker,
    body: { product_line, max_rate, effective_from },
  })
  expect(p.status, JSON.stringify(p.body)).toBe(201)
  const c = await api('POST', `${CAPS}/${p.body.data.id}/confirm`, { token: tokens.checker })
  expect(c.status, JSON.stringify(c.body)).toBe(200)
  return c.body.data
}
