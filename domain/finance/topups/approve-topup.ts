import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { financeMails } from '../../mail/finance-mails'
import { assertNotMaker } from '../finance-guards'
import { mailAgency } from '../agency-mail'
import { presentTopup } from './topup-listing'
import { defineUseCase } from '../../shared/authorize'
import { creditTopup, lockRequestedTopup } from './topup-approval'

/**
 * topUpApprove (staff with finance): a REQUESTED top-up becomes APPROVED and, in the same
 * transaction, the agency balance is credited through the ledger (one AGENCY_TOPUP row with the
 * balance after it), its TOPUP invoice is paid and the `topup-<id>` task closes as approved. The
 * agency is mailed after commit. Maker-checker: its creator gets 403. Not REQUESTED: 409.
 */
export const approveTopup = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function approveTopup(opts: { actor: StaffActor; topupId: number }) {
    const { actor } = opts
    const { topup, balance } = await getDb().transaction(async (tx) => {
      const row = await lockRequestedTopup(tx, opts.topupId)
      assertNotMaker(actor.identityId, row)
      // The writer's backstop of the checks above (the agency made the request).
      return creditTopup(tx, row, actor, { makers: [row.created_by] })
    })
    await mailAgency(topup.agency_id, financeMails.topupApproved(topup.amount, balance))
    return presentTopup(topup)
  },
)
