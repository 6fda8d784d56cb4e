import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { insuranceProviders, insurerBankAccounts } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { notFound, validation } from '../../shared/errors'
import { bsbDigits } from '../payout-batches/payout-batches.rules'
import { InsurerBankAccountSchema } from './remittances.schemas'

/**
 * Sets where an insurer's remittances are paid (staff with finance; issue 25): BSB, account number
 * and account name as a Direct Entry file writes them (400 naming the field). A remittance copies
 * the account when it is proposed and its approver, another person, checks it there: a change made
 * now pays nothing until a remittance proposed with it is approved.
 */
export const saveInsurerBankAccount = defineUseCase(
  { staff: ['finance'] },
  async function saveInsurerBankAccount(opts: {
    actor: StaffActor
    insuranceProviderId: number
    input: unknown
  }) {
    const parsed = InsurerBankAccountSchema.safeParse(opts.input)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw validation(String(issue.path[0] ?? 'bsb'), issue.message)
    }
    const db = getDb()
    const [insurer] = await db
      .select({ id: insuranceProviders.id })
      .from(insuranceProviders)
      .where(eq(insuranceProviders.id, opts.insuranceProviderId))
    if (!insurer) throw notFound('Insurer')
    const digits = bsbDigits(parsed.data.bsb)!
    const values = {
      bsb: `${digits.slice(0, 3)}-${digits.slice(3)}`,
      account_number: parsed.data.account_number,
      account_name: parsed.data.account_name,
      updated_by_identity_id: opts.actor.identityId,
      updated_at: clock.now(),
    }
    const [row] = await db
      .insert(insurerBankAccounts)
      .values({ insurance_provider_id: insurer.id, ...values })
      .onConflictDoUpdate({ target: insurerBankAccounts.insurance_provider_id, set: values })
      .returning()
    return row
  },
)
