import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { clawbackQuery, clawbackWhere, presentClawbackRow, scope } from './clawback-listing'
import type { ClawbackListInput } from './clawbacks.schemas'

/** The clawback list without paging, in batches, for streamed exports. Same access as findClawbacks. */
export const iterateClawbacks = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function iterateClawbacks(opts: { actor: Actor; agencyId?: number; input: ClawbackListInput }) {
    const agencyId = await scope(opts.actor, opts.input, opts.agencyId)
    const filter = clawbackWhere(opts.input, agencyId)
    return (async function* () {
      const batch = 500
      for (let offset = 0; ; offset += batch) {
        const rows = await clawbackQuery(filter, opts.input).limit(batch).offset(offset)
        for (const r of rows) yield presentClawbackRow(r)
        if (rows.length < batch) return
      }
    })()
  },
)
