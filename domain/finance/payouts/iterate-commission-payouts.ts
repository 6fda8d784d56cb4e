import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { payoutQuery, payoutWhere, presentPayoutRow, scope } from './payout-listing'
import type { PayoutListInput } from './payouts.schemas'

/** getCommissionPayouts without paging, in batches, for streamed exports. Same access. */
export const iterateCommissionPayouts = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function iterateCommissionPayouts(opts: { actor: Actor; agencyId?: number; input: PayoutListInput }) {
    const agencyId = await scope(opts.actor, opts.input, opts.agencyId)
    const filter = payoutWhere(opts.input, agencyId)
    return (async function* () {
      const batch = 500
      for (let offset = 0; ; offset += batch) {
        const rows = await payoutQuery(filter, opts.input).limit(batch).offset(offset)
        for (const r of rows) yield presentPayoutRow(r)
        if (rows.length < batch) return
      }
    })()
  },
)
