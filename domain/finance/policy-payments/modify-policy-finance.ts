import type { z } from 'zod'
import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { policies } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'
import { withoutGst } from '../../quotes/pricing.rules'
import {
  AGENCY_PARTY,
  createInvoice,
  PRODUCT_PARTY,
  type InvoiceType,
  type LineItemType,
} from '../invoices/invoices'
import { recordInvoiceHistory } from '../invoices/invoice-payments'
import type { ModifyPolicyFinanceSchema, PolicyFinanceType } from '../invoices/invoices.schemas'

type Kind = {
  invoiceType: InvoiceType
  lineType: LineItemType
  /** Who pays: the invoice goes from the other party to this one (see INVOICE_TABS). */
  payer: string
  receiver: string
  taxed: boolean
  describe: (ref: string, amendmentId: number | null) => string
}

/** What each modification bills, and in which direction (spec/03 section 4). */
export const POLICY_FINANCE_KINDS: Record<PolicyFinanceType, Kind> = {
  // The provider gives the premium back to the agency.
  CANCELLATION: {
    invoiceType: 'FULL_REFUND',
    lineType: 'PREMIUM',
    payer: PRODUCT_PARTY,
    receiver: AGENCY_PARTY,
    taxed: true,
    describe: (ref) => `Refund of the premium of policy ${ref}`,
  },
  // The agency pays back commission it was paid.
  CLAWBACK: {
    invoiceType: 'CLAWBACK',
    lineType: 'COMMISSION',
    payer: AGENCY_PARTY,
    receiver: PRODUCT_PARTY,
    taxed: false,
    describe: (ref) => `Commission clawback on policy ${ref}`,
  },
  // The agency pays a (new or amended) premium.
  PREMIUM: {
    invoiceType: 'PREMIUM',
    lineType: 'PREMIUM',
    payer: AGENCY_PARTY,
    receiver: PRODUCT_PARTY,
    taxed: true,
    describe: (ref, amendmentId) =>
      amendmentId
        ? `Amended premium of policy ${ref} (amendment #${amendmentId})`
        : `Premium for policy ${ref}`,
  },
}

/**
 * modifyPolicyFinance/{policyId} (staff with finance or policy_management): creates the invoice of
 * a change to a policy's money, with one line for total_premium_amount (cents), and answers
 * { invoiceId }: CANCELLATION = a FULL_REFUND invoice OSHC pays the agency; CLAWBACK = a CLAWBACK
 * invoice the agency pays OSHC; PREMIUM = a PREMIUM invoice the agency pays (tied to amendment_id
 * when given). Premium lines carry the policy's GST inside. Pass `tx` to create it inside a
 * larger transaction (the refund, clawback and amendment flows do); otherwise it runs in its own.
 */
export const modifyPolicyFinance = defineUseCase(
  { staff: ['finance', 'policy_management'] },
  async function modifyPolicyFinance(opts: {
    actor: Actor
    policyId: number
    input: z.infer<typeof ModifyPolicyFinanceSchema>
    tx?: DbOrTx
  }) {
    const run = (tx: DbOrTx) =>
      createPolicyFinanceInvoice(tx, { actor: opts.actor, policyId: opts.policyId, input: opts.input })
    return opts.tx ? run(opts.tx) : getDb().transaction(run)
  },
)

/**
 * The writer behind modifyPolicyFinance, in the caller's `tx`, for callers whose actor is a
 * workflow (`workflow:<id>`) rather than a staff member (openClawback started by a refund or an
 * amendment workflow). People go through the use case, which checks who they are.
 */
export async function createPolicyFinanceInvoice(
  tx: DbOrTx,
  opts: { actor: Actor | string; policyId: number; input: z.infer<typeof ModifyPolicyFinanceSchema> },
) {
  const { actor, input } = opts
  const [policy] = await tx
    .select({
      id: policies.id,
      ref: policies.ref,
      agency_id: policies.agency_id,
      gst_rate: policies.gst_rate,
    })
    .from(policies)
    .where(eq(policies.id, opts.policyId))
  if (!policy) throw notFound('Policy')
  const kind = POLICY_FINANCE_KINDS[input.type]
  const amount = input.total_premium_amount
  const gstRate = kind.taxed ? (policy.gst_rate ?? '0') : '0'
  const tax = kind.taxed ? amount - withoutGst(amount, gstRate) : 0
  const amendmentId = input.amendment_id ?? null
  const { invoice } = await createInvoice(tx, {
    agencyId: policy.agency_id,
    type: kind.invoiceType,
    // Issued by the party that is owed, to the party that pays.
    from: kind.receiver,
    to: kind.payer,
    createdBy: typeof actor !== 'string' && 'identityId' in actor ? actor.identityId : null,
    amendmentId,
    notes: `${input.type} of policy ${policy.ref}`,
    items: [
      {
        line_item_type: kind.lineType,
        policy_id: policy.id,
        description: kind.describe(policy.ref, amendmentId),
        total_amount: amount,
        tax_amount: tax,
        tax_rate: gstRate,
        payer: kind.payer,
        receiver: kind.receiver,
        meta: { modification: input.type, amendment_id: amendmentId },
      },
    ],
  })
  await recordInvoiceHistory(tx, {
    invoiceId: invoice.id,
    action: 'CREATED',
    message: `${kind.invoiceType} invoice created for policy ${policy.ref} (${input.type})`,
    actor,
    toStatus: invoice.status,
  })
  return { invoiceId: invoice.id }
}
