import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { weeklySales } from './weekly-series'

/**
 * GET /oshc/policy-management/getPolicyDataWithComparision?no_of_week= (staff with
 * `policy_management` or `finance`): policies sold per week over the last weeks, every agency,
 * each week beside the same week of the period before.
 */
export const getPolicyDataWithComparision = defineUseCase(
  { staff: ['policy_management', 'finance'] },
  async function getPolicyDataWithComparision(opts: { actor: Actor; weeks: number }) {
    return weeklySales(opts.weeks, null)
  },
)
