// One business clock for the dates people read (issue 29): an invoice raised at 00:42 on 26 Nov
// in Sydney (13:42 on the 25th in UTC) is dated 26 Nov; BUSINESS_TZ decides the day.
import { afterEach, describe, expect, it } from 'vitest'
import { getDb } from '../../db/client'
import { createAgency } from '../../db/seed/factories'
import { createInvoice } from '../../domain/finance/invoices/invoices'
import { businessDate } from '../../domain/shared/business-date'
import { clock } from '../../domain/shared/clock'
import { api, staffToken } from '../setup/api'

const realNow = clock.now
afterEach(() => {
  clock.now = realNow
})

describe('the business date', () => {
  it('is the day in Sydney, not in UTC', () => {
    expect(businessDate(new Date('2026-11-25T13:42:00Z'))).toBe('2026-11-26')
    expect(businessDate(new Date('2026-11-25T12:59:00Z'))).toBe('2026-11-25')
    // Winter (AEST, +10): the day turns at 14:00 UTC.
    expect(businessDate(new Date('2026-07-01T13:59:00Z'))).toBe('2026-07-01')
    expect(businessDate(new Date('2026-07-01T14:00:00Z'))).toBe('2026-07-02')
  })

  it('dates an invoice raised just after midnight in Sydney on that Sydney day', async () => {
    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED' })
    clock.now = () => new Date('2026-11-25T13:42:00Z')
    const { invoice } = await getDb().transaction((tx) =>
      createInvoice(tx, {
        agencyId: agency.id,
        type: 'TOPUP',
        from: 'OSHC',
        to: `AGENCY-${agency.id}`,
        items: [
          {
            line_item_type: 'TOPUP',
            description: 'Top-up',
            total_amount: 1000,
            payer: `AGENCY-${agency.id}`,
            receiver: 'OSHC',
          },
        ],
      }),
    )
    expect(invoice.invoice_date).toBe('2026-11-26')
  })

  it('names an export after the Sydney day it was taken', async () => {
    const staff = await staffToken()
    clock.now = () => new Date('2026-11-25T13:42:00Z')
    const csv = await api('POST', '/payment-system/invoice/exportAllInvoices', {
      token: staff,
      query: { tab: 'ALL' },
    })
    expect(csv.status, JSON.stringify(csv.body).slice(0, 300)).toBe(200)
    expect(csv.headers.get('content-disposition')).toContain('-2026-11-26.')
  })
})
