import { z } from 'zod'
import { AGENCY_STATUSES } from '../../domain/agencies/agencies.rules'
import { PurchaseRuleSchema, UpsertConfigurationV2Schema } from '../../domain/agencies/agencies.schemas'
import { id, text } from '../../domain/shared/fields'

// The staff agency page's form schemas, shared by the browser (Conform's onValidate) and the
// actions, with the browser-safe enum lists its components need (components may not import domain/).
export { AGENCY_STATUSES, type AgencyStatus } from '../../domain/agencies/agencies.rules'
export { POLICY_TYPES } from '../../domain/agencies/agencies.schemas'

/** Any status (spec/01 section 4): off the ordinary steps it is an override, so the form asks why. */
export const SetStatusSchema = z.object({
  intent: z.literal('set-status'),
  status: z.enum(AGENCY_STATUSES, { error: 'Choose a status' }),
  reason: text(1, 1000, 'Give a reason for the change'),
})

export const AddRuleSchema = PurchaseRuleSchema.omit({ id: true }).extend({ intent: z.literal('add-rule') })
export const DeleteRuleSchema = z.object({ intent: z.literal('delete-rule'), purchase_rule_id: id() })

/**
 * The configuration form as posted: a row per insurer, kept as text. Only the rows ticked
 * "configured" become the use case's V2 input, whose validation is reported on the row's inputs.
 */
const optionalString = z.string().optional()
const ConfigureFormSchema = z.object({
  intent: z.literal('configure'),
  buy_now_pay_later_amount: optionalString,
  paymentBasedConfigs: z
    .array(
      z.object({
        insurance_provider_id: z.string(),
        configured: optionalString,
        commission_rate: optionalString,
        is_buy_now_pay_later_enabled: optionalString,
        credit_amount: optionalString,
        credit_currency: optionalString,
        paymentMethods: z
          .array(
            z.object({
              payment_method: z.string(),
              is_payment_method_enabled: optionalString,
              commission_rate: optionalString,
            }),
          )
          .optional(),
      }),
    )
    .optional(),
})
type ConfigureForm = z.infer<typeof ConfigureFormSchema>

/** Builds the V2 input from the ticked rows; `rowOf[j]` is the form row of V2 item j. */
export function toConfigurationInput(agencyId: number, form: ConfigureForm) {
  const ticked = (form.paymentBasedConfigs ?? [])
    .map((row, index) => ({ row, index }))
    .filter((r) => r.row.configured)
  const input = {
    agency_Id: agencyId,
    buy_now_pay_later_amount: form.buy_now_pay_later_amount,
    paymentBasedConfigs: ticked.map(({ row }) => ({
      insurance_provider_id: row.insurance_provider_id,
      // An empty rate is reported with the rule's own message.
      commission_rate: row.commission_rate ?? '',
      is_buy_now_pay_later_enabled: row.is_buy_now_pay_later_enabled === 'on',
      credit_amount: row.credit_amount ?? 0,
      credit_currency: row.credit_currency ?? 'AUD',
      paymentMethods: (row.paymentMethods ?? []).map((m) => ({
        payment_method: m.payment_method,
        // NEXPAY is enabled for every agency (spec/01 section 9).
        is_payment_method_enabled: m.payment_method === 'nexpay' || m.is_payment_method_enabled === 'on',
        commission_rate: m.commission_rate ?? 0,
      })),
    })),
    ovhcData: [],
    purchase_rule: [],
  }
  return { input, rowOf: ticked.map((t) => t.index) }
}

/**
 * The form schema checked against the use case's own V2 schema, its issues moved from V2 item j
 * to form row rowOf[j]: the browser shows the same field errors as the server, before submitting.
 */
export function configureSchema(agencyId: number) {
  return ConfigureFormSchema.superRefine((form, ctx) => {
    const { input, rowOf } = toConfigurationInput(agencyId, form)
    const parsed = UpsertConfigurationV2Schema.safeParse(input)
    if (parsed.success) return
    for (const issue of parsed.error.issues) {
      const path = [...issue.path]
      if (path[0] === 'paymentBasedConfigs' && typeof path[1] === 'number')
        path[1] = rowOf[path[1]] ?? path[1]
      // agency_Id comes from the URL, never from the form: its refusal belongs to the whole form.
      ctx.addIssue({ code: 'custom', message: issue.message, path: path[0] === 'agency_Id' ? [] : path })
    }
  })
}
