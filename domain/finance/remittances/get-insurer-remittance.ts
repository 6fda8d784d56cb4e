import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { insurerRemittances } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { notFound } from '../../shared/errors'
import { policyFigures } from './remittance-figures'
import { presentRemittance, remittanceQuery } from './remittance-store'

/** A remittance as its screen shows it; 404 when there is none. */
export async function loadRemittance(remittanceId: number) {
  const [row] = await remittanceQuery().where(eq(insurerRemittances.id, remittanceId))
  if (!row) throw notFound('Remittance')
  return presentRemittance(row)
}

/**
 * One insurer remittance with its statement lines: each of the insurer's policies that moved money
 * in the month, with its premium, commission and net (staff with finance; 404). `can_approve`:
 * whether the caller may approve it (PROPOSED and not its proposer).
 */
export const getInsurerRemittance = defineUseCase(
  { staff: ['finance'] },
  async function getInsurerRemittance(opts: { actor: StaffActor; remittanceId: number }) {
    const remittance = await loadRemittance(opts.remittanceId)
    const lines = await policyFigures(getDb(), remittance.month, remittance.insurance_provider_id)
    return {
      remittance,
      can_approve:
        remittance.status === 'PROPOSED' && remittance.proposed_by_identity_id !== opts.actor.identityId,
      lines,
    }
  },
)
