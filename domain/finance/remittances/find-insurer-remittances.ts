import { asc, desc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { insuranceProviders, insurerBankAccounts, insurerRemittances } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { maskAccount } from '../../agencies/bank-details/payout-details.rules'
import { presentRemittance, remittanceQuery } from './remittance-store'

/**
 * The insurer remittances, newest month first (staff with finance; at most 100), and every insurer
 * with the bank account its remittances are paid to (number masked; null when not set).
 */
export const findInsurerRemittances = defineUseCase(
  { staff: ['finance'] },
  async function findInsurerRemittances(_opts: { actor: StaffActor }) {
    const db = getDb()
    const [rows, insurers] = await Promise.all([
      remittanceQuery(db).orderBy(desc(insurerRemittances.month), asc(insuranceProviders.name)).limit(100),
      db
        .select({ id: insuranceProviders.id, name: insuranceProviders.name, account: insurerBankAccounts })
        .from(insuranceProviders)
        .leftJoin(insurerBankAccounts, eq(insurerBankAccounts.insurance_provider_id, insuranceProviders.id))
        .orderBy(asc(insuranceProviders.name)),
    ])
    return {
      remittances: rows.map(presentRemittance),
      insurers: insurers.map(({ id, name, account }) => ({
        insurance_provider_id: id,
        name,
        bank_account: account && {
          bsb: account.bsb,
          account_name: account.account_name,
          account_number_masked: maskAccount(account.account_number),
          updated_at: account.updated_at,
        },
      })),
    }
  },
)
