import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { conflict, forbidden } from '../../shared/errors'
import { MAKER_CHECKER_MSG } from '../finance.rules'
import { monthLabel } from '../periods/periods.rules'
import { insurerFigures } from './remittance-figures'
import { lockRemittance, moveRemittance } from './remittance-store'

/**
 * Approves a PROPOSED remittance (staff with finance and a fresh second factor; issue 25): the
 * checker of its figures and of the account it pays, so whoever proposed it may not (403). The
 * journal must still give the proposed figures (a month reopened and changed meanwhile: 409, cancel
 * it and propose again). An approved remittance is paid by joining a payout batch.
 */
export const approveInsurerRemittance = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function approveInsurerRemittance(opts: { actor: StaffActor; remittanceId: number }) {
    return getDb().transaction(async (tx) => {
      const row = await lockRemittance(tx, opts.remittanceId, ['PROPOSED'], 'approved')
      if (row.proposed_by_identity_id === opts.actor.identityId) throw forbidden(MAKER_CHECKER_MSG)
      const month = row.month.slice(0, 7)
      const now = (await insurerFigures(tx, month)).find(
        (f) => f.insurance_provider_id === row.insurance_provider_id,
      )
      if (now?.premium_cents !== row.premium_cents || now?.commission_cents !== row.commission_cents)
        throw conflict(
          `The figures of ${monthLabel(month)} changed since remittance #${row.id} was proposed: cancel it and propose the month again`,
        )
      const at = clock.now()
      return moveRemittance(
        tx,
        row,
        { status: 'APPROVED', approved_by_identity_id: opts.actor.identityId, approved_at: at },
        at,
      )
    })
  },
)
