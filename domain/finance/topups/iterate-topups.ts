import { type Actor } from '../../shared/actor'
import type { TopUpListInput } from '../finance.schemas'
import { defineUseCase } from '../../shared/authorize'
import { where, query, present, scope } from './topup-listing'

/** The same list without paging, in batches, for streamed exports. Same access as findTopups. */
export const iterateTopups = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function iterateTopups(opts: { actor: Actor; agencyId?: number; input: TopUpListInput }) {
    const agencyId = await scope(opts.actor, opts.input, opts.agencyId)
    const filter = where(opts.input, agencyId)
    return (async function* () {
      const batch = 500
      for (let offset = 0; ; offset += batch) {
        const rows = await query(filter, opts.input).limit(batch).offset(offset)
        for (const r of rows) yield present(r)
        if (rows.length < batch) return
      }
    })()
  },
)
