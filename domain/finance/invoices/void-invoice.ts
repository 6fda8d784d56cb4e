import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { conflict } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'
import { presentInvoice } from './invoice-listing'
import { lockInvoiceFor } from './invoice-loading'
import { setInvoiceStatus } from './invoices'
import { recordInvoiceHistory } from './invoice-payments'

/**
 * void-invoice (staff with finance): a DRAFT invoice becomes CANCELLED, with the reason (if any)
 * kept in cancellation_reasons and a history row. Any other status: 409 naming it (an issued
 * invoice is settled or left to go overdue, never voided).
 */
export const voidInvoice = defineUseCase(
  { staff: ['finance'] },
  async function voidInvoice(opts: { actor: StaffActor; invoiceId: number; reason?: string | null }) {
    const { actor } = opts
    return getDb().transaction(async (tx) => {
      const inv = await lockInvoiceFor(actor, opts.invoiceId, tx)
      if (inv.status !== 'DRAFT')
        throw conflict(`This invoice is ${inv.status}; only a DRAFT invoice can be voided`)
      const after = await setInvoiceStatus(tx, inv.id, {
        status: 'CANCELLED',
        cancellation_reasons: opts.reason ?? 'Voided',
      })
      await recordInvoiceHistory(tx, {
        invoiceId: inv.id,
        action: 'VOIDED',
        message: 'Draft invoice voided',
        note: opts.reason ?? null,
        actor,
        fromStatus: inv.status,
        toStatus: 'CANCELLED',
      })
      return presentInvoice(after)
    })
  },
)
