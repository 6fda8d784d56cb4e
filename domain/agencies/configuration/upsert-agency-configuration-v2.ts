import { and, asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb, type Tx } from '../../db/client'
import {
  agencies,
  agencyBalances,
  agencyBankDetails,
  agencyConfigurations,
  agencyOvhcCommissions,
  agencyPaymentMethodConfigs,
  gstRates,
  insuranceProviders,
  ovhcCommissionRanges,
  purchaseRules,
} from '../../db/schema'
import { actorLabel, isAgencySide, type Actor } from '../shared/actor'
import { notFound, validation } from '../shared/errors'
import { toCents, fromCents } from '../shared/money'
import { workflows } from '../shared/ports'
import type {
  CardSurchargeSchema,
  DeletePurchaseRuleSchema,
  OvhcCommissionRangeSchema,
  OvhcConfigurationSchema,
  UpsertConfigurationSchema,
  UpsertConfigurationV2Schema,
} from './agencies.schemas'
import { recordAgencyHistory } from './agency-history'
import { assertAgencyAccess } from './get-agency'
import { defineUseCase } from '../shared/authorize'

async function assertProviders(ids: number[], field: string) {
  if (!ids.length) return
  const found = await getDb()
    .select({ id: insuranceProviders.id })
    .from(insuranceProviders)
    .where(inArray(insuranceProviders.id, ids))
  const missing = ids.filter((i) => !found.some((f) => f.id === i))
  if (missing.length) throw validation(field, `Unknown insurance provider ${missing.join(', ')}`)
}

/**
 * Saving configuration for an agency that submitted its request completes the staff
 * "configuration" step of onboarding (through the workflow).
 */
async function completeConfigurationStep(actor: Actor, agencyId: number) {
  const [a] = await getDb()
    .select({ status: agencies.status, submitted: agencies.is_request_submitted })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
  if (a?.status === 'COMPANY_DETAIL_DONE' && a.submitted) {
    await workflows().decideOnboarding(agencyId, 'configurationDone', actorLabel(actor))
  }
}

async function upsertProviderConfig(
  tx: Tx,
  agencyId: number,
  c: {
    insurance_provider_id: number
    commission_rate: string
    credit_amount: number
    credit_currency: 'AUD' | 'NPR' | 'USD' | 'INR'
    is_buy_now_pay_later_enabled: boolean
  },
) {
  const values = {
    commission_rate: c.commission_rate,
    credit_amount: c.credit_amount.toFixed(2),
    credit_currency: c.credit_currency,
    is_buy_now_pay_later_enabled: c.is_buy_now_pay_later_enabled,
  }
  await tx
    .insert(agencyConfigurations)
    .values({ agency_id: agencyId, insurance_provider_id: c.insurance_provider_id, ...values })
    .onConflictDoUpdate({
      target: [agencyConfigurations.agency_id, agencyConfigurations.insurance_provider_id],
      set: values,
    })
}

/** upsertAgencyConfiguration (staff): commission, credit and BNPL flag for one provider. */
export const upsertAgencyConfiguration = defineUseCase(
  { staff: ['agency_management'] },
  async function upsertAgencyConfiguration(opts: {
    actor: Actor
    input: z.infer<typeof UpsertConfigurationSchema>
  }) {
    const { input } = opts
    await assertAgencyAccess(opts.actor, input.agency_id)
    await assertProviders([input.insurance_provider_id], 'insurance_provider_id')
    await getDb().transaction(async (tx) => {
      await upsertProviderConfig(tx, input.agency_id, input)
      await recordAgencyHistory(tx, {
        agencyId: input.agency_id,
        action: 'CONFIGURATION_SAVED',
        actor: actorLabel(opts.actor),
        meta: { insurance_provider_id: input.insurance_provider_id, commission_rate: input.commission_rate },
      })
    })
    await completeConfigurationStep(opts.actor, input.agency_id)
    return getAgencyConfiguration({ actor: opts.actor, agencyId: input.agency_id })
  },
)

/**
 * upsertAgencyConfigurationV2 (staff): the whole configuration at once — provider commissions
 * with their payment-method settings, OVHC commissions, purchase rules and the BNPL allowance.
 */
export const upsertAgencyConfigurationV2 = defineUseCase(
  { staff: ['agency_management'] },
  async function upsertAgencyConfigurationV2(opts: {
    actor: Actor
    input: z.infer<typeof UpsertConfigurationV2Schema>
  }) {
    const { input } = opts
    const agencyId = input.agency_Id
    await assertAgencyAccess(opts.actor, agencyId)
    await assertProviders(
      input.paymentBasedConfigs.map((c) => c.insurance_provider_id),
      'paymentBasedConfigs',
    )
    await assertProviders(
      input.ovhcData.map((c) => c.provider_id),
      'ovhcData',
    )
    await assertProviders(
      input.purchase_rule.flatMap((r) => [
        r.should_buy_insurance_provider_id,
        r.can_buy_insurance_provider_id,
      ]),
      'purchase_rule',
    )
    const bnpl = toCents(input.buy_now_pay_later_amount)
    await getDb().transaction(async (tx) => {
      for (const c of input.paymentBasedConfigs) {
        await upsertProviderConfig(tx, agencyId, c)
        for (const m of c.paymentMethods) {
          const values = {
            is_payment_method_enabled: m.is_payment_method_enabled,
            commission_rate: m.commission_rate,
          }
          await tx
            .insert(agencyPaymentMethodConfigs)
            .values({
              agency_id: agencyId,
              insurance_provider_id: c.insurance_provider_id,
              payment_method: m.payment_method,
              ...values,
            })
            .onConflictDoUpdate({
              target: [
                agencyPaymentMethodConfigs.agency_id,
                agencyPaymentMethodConfigs.insurance_provider_id,
                agencyPaymentMethodConfigs.payment_method,
              ],
              set: values,
            })
        }
      }
      for (const o of input.ovhcData) {
        await tx
          .insert(agencyOvhcCommissions)
          .values({ agency_id: agencyId, provider_id: o.provider_id, commission_rate: o.commission_rate })
          .onConflictDoUpdate({
            target: [agencyOvhcCommissions.agency_id, agencyOvhcCommissions.provider_id],
            set: { commission_rate: o.commission_rate },
          })
      }
      for (const r of input.purchase_rule) {
        const { id, ...values } = r
        if (id) {
          const updated = await tx
            .update(purchaseRules)
            .set(values)
            .where(and(eq(purchaseRules.id, id), eq(purchaseRules.agency_id, agencyId)))
            .returning({ id: purchaseRules.id })
          if (!updated.length) throw notFound('Purchase rule')
        } else {
          await tx.insert(purchaseRules).values({ agency_id: agencyId, ...values })
        }
      }
      // The allowance moves the remaining amount by the same difference, never below zero.
      const [balance] = await tx
        .select()
        .from(agencyBalances)
        .where(eq(agencyBalances.agency_id, agencyId))
        .for('update')
      if (!balance) {
        await tx.insert(agencyBalances).values({
          agency_id: agencyId,
          buy_now_pay_later_amount: bnpl,
          buy_now_pay_later_remaining_amount: bnpl,
        })
      } else {
        const remaining = Math.max(
          0,
          balance.buy_now_pay_later_remaining_amount + bnpl - balance.buy_now_pay_later_amount,
        )
        await tx
          .update(agencyBalances)
          .set({ buy_now_pay_later_amount: bnpl, buy_now_pay_later_remaining_amount: remaining })
          .where(eq(agencyBalances.agency_id, agencyId))
      }
      await recordAgencyHistory(tx, {
        agencyId,
        action: 'CONFIGURATION_SAVED',
        actor: actorLabel(opts.actor),
        meta: {
          providers: input.paymentBasedConfigs.map((c) => c.insurance_provider_id),
          buy_now_pay_later_amount: input.buy_now_pay_later_amount,
        },
      })
    })
    await completeConfigurationStep(opts.actor, agencyId)
    return getAgencyConfiguration({ actor: opts.actor, agencyId })
  },
)

/** getAgencyConfiguration: staff, or the agency itself. */
export const getAgencyConfiguration = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function getAgencyConfiguration(opts: { actor: Actor; agencyId: number }) {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    const db = getDb()
    const [data, purchase_rules, agencyPaymentMethodConfigurations, ovhc, [balance], [gst]] =
      await Promise.all([
        db
          .select({
            id: agencyConfigurations.id,
            agency_id: agencyConfigurations.agency_id,
            insurance_provider_id: agencyConfigurations.insurance_provider_id,
            is_buy_now_pay_later_enabled: agencyConfigurations.is_buy_now_pay_later_enabled,
            commission_rate: agencyConfigurations.commission_rate,
            credit_amount: agencyConfigurations.credit_amount,
            credit_currency: agencyConfigurations.credit_currency,
            provider: {
              id: insuranceProviders.id,
              name: insuranceProviders.name,
              display_name: insuranceProviders.display_name,
              logo: insuranceProviders.logo,
            },
          })
          .from(agencyConfigurations)
          .innerJoin(
            insuranceProviders,
            eq(insuranceProviders.id, agencyConfigurations.insurance_provider_id),
          )
          .where(eq(agencyConfigurations.agency_id, agency.id))
          .orderBy(asc(agencyConfigurations.insurance_provider_id)),
        db
          .select()
          .from(purchaseRules)
          .where(eq(purchaseRules.agency_id, agency.id))
          .orderBy(asc(purchaseRules.id)),
        db
          .select()
          .from(agencyPaymentMethodConfigs)
          .where(eq(agencyPaymentMethodConfigs.agency_id, agency.id))
          .orderBy(
            asc(agencyPaymentMethodConfigs.insurance_provider_id),
            asc(agencyPaymentMethodConfigs.payment_method),
          ),
        db.select().from(agencyOvhcCommissions).where(eq(agencyOvhcCommissions.agency_id, agency.id)),
        db.select().from(agencyBalances).where(eq(agencyBalances.agency_id, agency.id)),
        db.select().from(gstRates).limit(1),
      ])
    return {
      data: data.map((d) => ({
        ...d,
        commission_rate: Number(d.commission_rate),
        credit_amount: Number(d.credit_amount),
      })),
      meta: {
        buy_now_pay_later_amount: fromCents(balance?.buy_now_pay_later_amount ?? 0),
        buy_now_pay_later_remaining_amount: fromCents(balance?.buy_now_pay_later_remaining_amount ?? 0),
      },
      purchase_rules,
      agencyPaymentMethodConfigurations: agencyPaymentMethodConfigurations.map((c) => ({
        ...c,
        commission_rate: Number(c.commission_rate),
      })),
      ovhcData: ovhc.map((o) => ({ ...o, commission_rate: Number(o.commission_rate) })),
      surcharge: { rate: Number(gst?.card_surcharge_rate ?? 0), isEnabled: agency.is_card_surcharge_enabled },
    }
  },
)

/** deletePurchaseRule (staff). */
export const deletePurchaseRule = defineUseCase(
  { staff: ['agency_management'] },
  async function deletePurchaseRule(opts: { actor: Actor; input: z.infer<typeof DeletePurchaseRuleSchema> }) {
    await assertAgencyAccess(opts.actor, opts.input.agency_id)
    const db = getDb()
    await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(purchaseRules)
        .where(
          and(
            eq(purchaseRules.id, opts.input.purchase_rule_id),
            eq(purchaseRules.agency_id, opts.input.agency_id),
          ),
        )
        .returning({ id: purchaseRules.id })
      if (!deleted.length) throw notFound('Purchase rule')
      await recordAgencyHistory(tx, {
        agencyId: opts.input.agency_id,
        action: 'PURCHASE_RULE_DELETED',
        actor: actorLabel(opts.actor),
        meta: { id: deleted[0].id },
      })
    })
    return { id: opts.input.purchase_rule_id }
  },
)

/** updateAgencyCardSurcharge (staff finance). */
export const updateAgencyCardSurcharge = defineUseCase(
  { staff: ['finance'] },
  async function updateAgencyCardSurcharge(opts: {
    actor: Actor
    input: z.infer<typeof CardSurchargeSchema>
  }) {
    await assertAgencyAccess(opts.actor, opts.input.agency_id)
    await getDb().transaction(async (tx) => {
      await tx
        .update(agencies)
        .set({ is_card_surcharge_enabled: opts.input.is_card_surcharge_enabled })
        .where(eq(agencies.id, opts.input.agency_id))
      await recordAgencyHistory(tx, {
        agencyId: opts.input.agency_id,
        action: opts.input.is_card_surcharge_enabled ? 'CARD_SURCHARGE_ENABLED' : 'CARD_SURCHARGE_DISABLED',
        actor: actorLabel(opts.actor),
      })
    })
    return {
      agency_id: opts.input.agency_id,
      is_card_surcharge_enabled: opts.input.is_card_surcharge_enabled,
    }
  },
)

/**
 * updateAgencyOvhcConfiguration: staff (agency_management) set any agency's OVHC commission
 * (agency_id required) at any rate the spec allows; an agency (finance permission) sets its own,
 * within the range staff allow for that provider (`ovhc_commission_ranges`). Another agency's id
 * is a 404. Writes an agency history row with the rate before and after.
 */
export const updateAgencyOvhcConfiguration = defineUseCase(
  { staff: ['agency_management'], agency: ['finance'] },
  async function updateAgencyOvhcConfiguration(opts: {
    actor: Actor
    input: z.infer<typeof OvhcConfigurationSchema>
  }) {
    const { actor, input } = opts
    const agencyId = input.agency_id ?? (isAgencySide(actor) ? actor.agencyId : undefined)
    if (!agencyId) throw validation('agency_id', 'agency_id is required')
    await assertAgencyAccess(actor, agencyId)
    await assertProviders([input.provider_id], 'provider_id')
    await getDb().transaction(async (tx) => {
      if (isAgencySide(actor)) {
        const [range] = await tx
          .select()
          .from(ovhcCommissionRanges)
          .where(eq(ovhcCommissionRanges.provider_id, input.provider_id))
          .for('share')
        if (!range) throw validation('commission_rate', OVHC_NO_RANGE_MSG)
        const rate = Number(input.commission_rate)
        if (rate < Number(range.min_rate) || rate > Number(range.max_rate))
          throw validation('commission_rate', ovhcOutOfRangeMsg(range.min_rate, range.max_rate))
      }
      const [before] = await tx
        .select({ commission_rate: agencyOvhcCommissions.commission_rate })
        .from(agencyOvhcCommissions)
        .where(
          and(
            eq(agencyOvhcCommissions.agency_id, agencyId),
            eq(agencyOvhcCommissions.provider_id, input.provider_id),
          ),
        )
        .for('update')
      await tx
        .insert(agencyOvhcCommissions)
        .values({
          agency_id: agencyId,
          provider_id: input.provider_id,
          commission_rate: input.commission_rate,
        })
        .onConflictDoUpdate({
          target: [agencyOvhcCommissions.agency_id, agencyOvhcCommissions.provider_id],
          set: { commission_rate: input.commission_rate },
        })
      await recordAgencyHistory(tx, {
        agencyId,
        action: 'OVHC_COMMISSION_SAVED',
        actor: actorLabel(actor),
        meta: {
          provider_id: input.provider_id,
          from_commission_rate: before?.commission_rate ?? null,
          commission_rate: input.commission_rate,
        },
      })
    })
    return getOvhcAgencyConfiguration({ actor, agencyId })
  },
)

export const OVHC_NO_RANGE_MSG = 'The OVHC commission range for this provider has not been set by staff yet'
export const ovhcOutOfRangeMsg = (min: string, max: string) =>
  `Commission rate must be between ${Number(min)} and ${Number(max)} for this provider`

/**
 * updateOvhcCommissionRange (staff, agency_management): the OVHC commission range agencies may
 * choose from for one provider. Rates already saved outside it stay until changed.
 */
export const updateOvhcCommissionRange = defineUseCase(
  { staff: ['agency_management'] },
  async function updateOvhcCommissionRange(opts: {
    actor: Actor
    input: z.infer<typeof OvhcCommissionRangeSchema>
  }) {
    const { provider_id, min_rate, max_rate } = opts.input
    await assertProviders([provider_id], 'provider_id')
    await getDb()
      .insert(ovhcCommissionRanges)
      .values({ provider_id, min_rate, max_rate })
      .onConflictDoUpdate({ target: ovhcCommissionRanges.provider_id, set: { min_rate, max_rate } })
    return findOvhcCommissionRanges({ actor: opts.actor })
  },
)

/** getOvhcCommissionRanges: the range per provider; staff, and agencies (to know what they may set). */
export const findOvhcCommissionRanges = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function findOvhcCommissionRanges(_opts: { actor: Actor }) {
    const rows = await getDb()
      .select({
        provider_id: ovhcCommissionRanges.provider_id,
        provider_name: insuranceProviders.name,
        min_rate: ovhcCommissionRanges.min_rate,
        max_rate: ovhcCommissionRanges.max_rate,
      })
      .from(ovhcCommissionRanges)
      .innerJoin(insuranceProviders, eq(insuranceProviders.id, ovhcCommissionRanges.provider_id))
      .orderBy(asc(ovhcCommissionRanges.provider_id))
    return rows.map((r) => ({ ...r, min_rate: Number(r.min_rate), max_rate: Number(r.max_rate) }))
  },
)

export const getOvhcAgencyConfiguration = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function getOvhcAgencyConfiguration(opts: { actor: Actor; agencyId: number }) {
    await assertAgencyAccess(opts.actor, opts.agencyId)
    const rows = await getDb()
      .select({
        agency_id: agencyOvhcCommissions.agency_id,
        provider_id: agencyOvhcCommissions.provider_id,
        commission_rate: agencyOvhcCommissions.commission_rate,
        provider_name: insuranceProviders.name,
      })
      .from(agencyOvhcCommissions)
      .innerJoin(insuranceProviders, eq(insuranceProviders.id, agencyOvhcCommissions.provider_id))
      .where(eq(agencyOvhcCommissions.agency_id, opts.agencyId))
    return rows.map((r) => ({ ...r, commission_rate: Number(r.commission_rate) }))
  },
)

/** getAllOvhcAgencyConfiguration / agencyForOvhc (staff): agencies with their OVHC commissions. */
export const findOvhcAgencies = defineUseCase(
  { staff: ['agency_management'] },
  async function findOvhcAgencies(opts: { actor: Actor; returnBankDetails: boolean; agencyId?: number }) {
    const db = getDb()
    const list = await db
      .select({
        id: agencies.id,
        full_company_name: agencies.full_company_name,
        email: agencies.email,
        status: agencies.status,
      })
      .from(agencies)
      .where(opts.agencyId ? eq(agencies.id, opts.agencyId) : eq(agencies.status, 'PORTAL_ACTIVATED'))
      .orderBy(asc(agencies.full_company_name))
    if (opts.agencyId && !list.length) throw notFound('Agency')
    const ids = list.map((a) => a.id)
    const commissions = ids.length
      ? await db.select().from(agencyOvhcCommissions).where(inArray(agencyOvhcCommissions.agency_id, ids))
      : []
    const banks =
      opts.returnBankDetails && ids.length
        ? await db.select().from(agencyBankDetails).where(inArray(agencyBankDetails.agency_id, ids))
        : []
    return list.map((a) => ({
      ...a,
      ovhc_commissions: commissions
        .filter((c) => c.agency_id === a.id)
        .map((c) => ({ provider_id: c.provider_id, commission_rate: Number(c.commission_rate) })),
      ...(opts.returnBankDetails ? { bank_detail: banks.find((b) => b.agency_id === a.id) ?? null } : {}),
    }))
  },
)
