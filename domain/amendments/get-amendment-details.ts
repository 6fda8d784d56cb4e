import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadAmendment } from './amendment-loading'
import { amendmentDetails } from './amendment-presenter'

/** getAmendmentDetails/{amendmentId}: the amendment, its new and previous details, changes, payments and documents. */
export const getAmendmentDetails = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getAmendmentDetails(opts: { actor: Actor; amendmentId: number }) {
    return amendmentDetails(await loadAmendment(opts.actor, opts.amendmentId))
  },
)
