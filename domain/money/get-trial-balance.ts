import { getDb } from '../../db/client'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { agencyAccounts, trialBalance } from './reads'

/**
 * The trial balance page: every account kind's totals, and with `agencyId` the accounts of that
 * agency with their figures (cents). Staff holding finance.
 */
export const getTrialBalance = defineUseCase(
  { staff: ['finance'] },
  async function getTrialBalance(opts: { actor: Actor; agencyId?: number | null }) {
    const db = getDb()
    const [trial, agency] = await Promise.all([
      trialBalance(db),
      opts.agencyId ? agencyAccounts(db, opts.agencyId) : null,
    ])
    return { trial, agency }
  },
)
