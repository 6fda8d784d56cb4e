import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { agencyBalances, agencyConfigurations, agencyPaymentMethodConfigs } from '../../db/schema'
import { currentGst } from '../quotes/price-policy'
import { bnplBlockReason } from '../finance/bnpl/bnpl-deadlines'
import { INSUFFICIENT_BNPL } from '../finance/ledger/ledger'
import { clock } from '../shared/clock'
import { cardSurcharge, enabledMethods } from './payments.rules'
import type { PolicyRow, AgencyRow } from './purchase-loading'

/**
 * The payment options of a policy for its agency: each method's availability (see
 * `enabledMethods` for how the configuration is read), the balance and BNPL allowance left, and
 * the card amount with the surcharge. Cents.
 */
export async function paymentOptions(db: DbOrTx, policy: PolicyRow, agency: AgencyRow) {
  const providerId = policy.insurance_provider_id ?? 0
  // One query after another: `db` may be a transaction, whose single connection runs one at a time.
  const [providerConfig] = await db
    .select()
    .from(agencyConfigurations)
    .where(
      and(
        eq(agencyConfigurations.agency_id, agency.id),
        eq(agencyConfigurations.insurance_provider_id, providerId),
      ),
    )
  const methodConfigs = await db
    .select({
      payment_method: agencyPaymentMethodConfigs.payment_method,
      is_payment_method_enabled: agencyPaymentMethodConfigs.is_payment_method_enabled,
    })
    .from(agencyPaymentMethodConfigs)
    .where(
      and(
        eq(agencyPaymentMethodConfigs.agency_id, agency.id),
        eq(agencyPaymentMethodConfigs.insurance_provider_id, providerId),
      ),
    )
  const [balance] = await db.select().from(agencyBalances).where(eq(agencyBalances.agency_id, agency.id))
  const gst = await currentGst(db)
  const premium = policy.premium ?? 0
  const card = cardSurcharge(premium, agency.is_card_surcharge_enabled, gst.card_surcharge_rate)
  const methods = enabledMethods(providerConfig ?? null, methodConfigs)
  const bnplRemaining = balance?.buy_now_pay_later_remaining_amount ?? 0
  // Configured on, but refused for now: a purchase past its settlement deadline, or too little left.
  const bnplBlocked = methods.BNPL ? await bnplBlockReason(db, agency.id, clock.now()) : null
  const bnplUnavailableReason = methods.BNPL
    ? (bnplBlocked ?? (policy.premium !== null && bnplRemaining < premium ? INSUFFICIENT_BNPL : null))
    : null
  return {
    methods: { ...methods, BNPL: methods.BNPL && bnplUnavailableReason === null },
    /** Why BNPL is off although configured on (overdue settlement or allowance), else null. */
    bnplUnavailableReason,
    bnplBlocked,
    providerConfig: providerConfig ?? null,
    balance: balance?.balance ?? 0,
    bnplRemaining,
    bnplTotal: balance?.buy_now_pay_later_amount ?? 0,
    premium,
    card: { ...card, enabled: agency.is_card_surcharge_enabled, configuredRate: gst.card_surcharge_rate },
  }
}
