import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb, type Tx } from '../../db/client'
import { agencies, agencyBankDetails, cities, countries, states } from '../../db/schema'
import { actorLabel, type Actor } from '../shared/actor'
import { invalidTransition, validation } from '../shared/errors'
import type {
  UpdateAgencyAddressSchema,
  UpdateAgencyBankSchema,
  UpdateAgencySchema,
} from './agencies.schemas'
import { companyStepResult, type COMPANY_STEPS } from './agencies.rules'
import { recordAgencyHistory } from './agency-history'
import { assertAgencyAccess, presentAgency } from './get-agency'
import { notifyWorkflow } from './register-agency'
import { defineUseCase } from '../shared/authorize'

type Step = keyof typeof COMPANY_STEPS

/** Runs one company-detail step in a transaction: access, order, write, status, history. */
async function runStep(actor: Actor, agencyId: number, step: Step, write: (tx: Tx) => Promise<void>) {
  const db = getDb()
  const result = await db.transaction(async (tx) => {
    await assertAgencyAccess(actor, agencyId, tx)
    const [agency] = await tx.select().from(agencies).where(eq(agencies.id, agencyId)).for('update')
    const next = companyStepResult(step, agency)
    if ('reason' in next) throw invalidTransition(next.reason)
    await write(tx)
    const [updated] = await tx
      .update(agencies)
      .set({ status: next.status })
      .where(eq(agencies.id, agencyId))
      .returning()
    await recordAgencyHistory(tx, {
      agencyId,
      action: `COMPANY_${step.toUpperCase()}_SAVED`,
      actor: actorLabel(actor),
      from: agency.status,
      to: next.status,
    })
    return { updated, changed: agency.status !== next.status }
  })
  if (result.changed) await notifyWorkflow(agencyId)
  return presentAgency(result.updated)
}

/** updateAgency: company details (step one). LOGIN_CRED_CHANGED -> COMPANY_DETAIL_STEP_ONE_DONE. */
export const updateAgency = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function updateAgency(opts: {
    actor: Actor
    agencyId: number
    input: z.infer<typeof UpdateAgencySchema>
  }) {
    const [country] = await getDb()
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.id, opts.input.country_id))
    if (!country) throw validation('country_id', 'country_id is required')
    return runStep(opts.actor, opts.agencyId, 'details', async (tx) => {
      await tx.update(agencies).set(opts.input).where(eq(agencies.id, opts.agencyId))
    })
  },
)

/** updateAgencyAddress: address and contact e-mails (step two). -> COMPANY_DETAIL_STEP_TWO_DONE. */
export const updateAgencyAddress = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function updateAgencyAddress(opts: {
    actor: Actor
    agencyId: number
    input: z.infer<typeof UpdateAgencyAddressSchema>
  }) {
    const { input } = opts
    const db = getDb()
    if (input.state_id) {
      const [s] = await db.select({ id: states.id }).from(states).where(eq(states.id, input.state_id))
      if (!s) throw validation('state_id', 'State not found')
    }
    if (input.city_id) {
      const [c] = await db
        .select({ id: cities.id, state_id: cities.state_id })
        .from(cities)
        .where(eq(cities.id, input.city_id))
      if (!c) throw validation('city_id', 'City not found')
      if (input.state_id && c.state_id !== input.state_id)
        throw validation('city_id', 'The city is not in the chosen state')
    }
    return runStep(opts.actor, opts.agencyId, 'address', async (tx) => {
      await tx.update(agencies).set(input).where(eq(agencies.id, opts.agencyId))
    })
  },
)

/** updateAgencyBank: bank details (last step). -> COMPANY_DETAIL_DONE. */
export const updateAgencyBank = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function updateAgencyBank(opts: {
    actor: Actor
    agencyId: number
    input: z.infer<typeof UpdateAgencyBankSchema>
  }) {
    return runStep(opts.actor, opts.agencyId, 'bank', async (tx) => {
      await tx
        .insert(agencyBankDetails)
        .values({ agency_id: opts.agencyId, ...opts.input })
        .onConflictDoUpdate({ target: agencyBankDetails.agency_id, set: opts.input })
    })
  },
)

/** getAgencyBankDetail: staff, or the agency itself. */
export const getAgencyBankDetail = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function getAgencyBankDetail(opts: { actor: Actor; agencyId: number }) {
    await assertAgencyAccess(opts.actor, opts.agencyId)
    const [bank] = await getDb()
      .select()
      .from(agencyBankDetails)
      .where(eq(agencyBankDetails.agency_id, opts.agencyId))
    return bank ?? null
  },
)
