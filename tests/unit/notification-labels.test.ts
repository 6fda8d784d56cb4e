import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { NOTIFICATION_EVENT_LABELS } from '../../domain/shared/labels'
import {
  eventLabelsOf,
  groupOf,
  NOTIFICATION_GROUP_KEYS,
} from '../../domain/notifications/notifications.rules'
import { ONBOARDING_NOTICES } from '../../domain/agencies/onboarding-notices'

/**
 * Every event type a process step writes has a label in the one label map and a mail group of its
 * own (not "everything else"). The types are read from the source: the literals on `eventType`
 * lines, the amendment steps' `tell(ctx, side, TYPE, …)` and the onboarding notices.
 */
const domain = path.resolve(__dirname, '../../domain')
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f)
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : []
  })

function writtenEventTypes() {
  const found = new Set<string>(ONBOARDING_NOTICES)
  for (const file of walk(domain)) {
    const text = readFileSync(file, 'utf8')
    for (const line of text.split('\n').filter((l) => /\beventType\b/.test(l)))
      for (const m of line.matchAll(/'([A-Z][A-Z0-9_]{3,})'/g)) found.add(m[1])
    for (const m of text.matchAll(/\btell\(\s*ctx,\s*'(?:staff|agency)',\s*'([A-Z][A-Z0-9_]+)'/g))
      found.add(m[1])
  }
  return [...found].sort()
}

describe('notification event types', () => {
  const written = writtenEventTypes()

  it('finds the types of every area (the reader of the source works)', () => {
    expect(written).toEqual(
      expect.arrayContaining([
        'POLICY_PURCHASED',
        'INVOICE_OVERDUE',
        'PAYMENT_LINK_CREATED',
        'PAYMENT_LINK_PAID',
        'AMENDMENT_ACCEPTED',
        'FULL_REFUND_ESCALATED',
        'PORTAL_DEACTIVATED',
        'PROMOTION_PUBLISHED',
        'MESSAGE_SENT_BY_AGENCY_USER',
      ]),
    )
    expect(written.length).toBeGreaterThan(50)
  })

  it('each written type has a readable label', () => {
    expect(written.filter((t) => !NOTIFICATION_EVENT_LABELS[t])).toEqual([])
  })

  it('each labelled type belongs to a named mail group, and each named group lists some', () => {
    expect(Object.keys(NOTIFICATION_EVENT_LABELS).filter((t) => groupOf(t) === 'other')).toEqual([])
    for (const g of NOTIFICATION_GROUP_KEYS.filter((k) => k !== 'other'))
      expect(eventLabelsOf(g).length, g).toBeGreaterThan(0)
    expect(groupOf('PROMOTION_PUBLISHED')).toBe('promotions')
    expect(groupOf('PAYMENT_LINK_PAID')).toBe('sales')
    expect(groupOf('PORTAL_DEACTIVATED')).toBe('onboarding')
    expect(groupOf('ONBOARDING_REMINDER')).toBe('tasks')
  })
})
