import { type Actor } from '../../shared/actor'
import type { PaymentListInput } from '../finance.schemas'
import { defineUseCase } from '../../shared/authorize'
import { type PaymentList, buildQuery, present, scope } from './payment-policy-listing'

/** The same list without paging, read in batches, for streamed exports. */
export const iteratePaymentPolicies = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function iteratePaymentPolicies(opts: {
    actor: Actor
    list: PaymentList
    agencyId?: number
    input: PaymentListInput
  }) {
    const agencyId = await scope(opts.actor, opts.list, opts.input, opts.agencyId)
    return (async function* () {
      const batch = 500
      for (let offset = 0; ; offset += batch) {
        const rows = await buildQuery(opts.list, opts.input, agencyId).limit(batch).offset(offset)
        for (const r of rows) yield present(r)
        if (rows.length < batch) return
      }
    })()
  },
)
