import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { bankedQuery, presentBanked, scope } from './payout-listing'

/** The banked commission list without paging, in batches, for streamed exports. Same access. */
export const iterateBankedCommission = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function iterateBankedCommission(opts: {
    actor: Actor
    agencyId?: number
    input: { agency_id?: number }
  }) {
    const agencyId = await scope(opts.actor, opts.input, opts.agencyId)
    return (async function* () {
      const batch = 500
      for (let offset = 0; ; offset += batch) {
        const rows = await bankedQuery(agencyId).limit(batch).offset(offset)
        for (const r of rows) yield presentBanked(r)
        if (rows.length < batch) return
      }
    })()
  },
)
