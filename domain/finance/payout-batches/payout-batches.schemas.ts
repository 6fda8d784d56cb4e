import { z } from 'zod'
import { id } from '../../shared/fields'
import { MAX_BATCH_ITEMS } from './payout-batches.rules'

/** Payout batches (issue 25): the inputs shared by the API, the pages and the use cases. */

export const CHOOSE_PAYOUTS_MSG = 'Choose at least one payout, refund or remittance'
export const RETURN_REASON_MSG = 'Say why the bank returned it'

const ids = z.array(id()).max(MAX_BATCH_ITEMS, `A batch holds at most ${MAX_BATCH_ITEMS} lines`)

const lineCount = (b: { payout_ids: number[]; refund_ids: number[]; remittance_ids: number[] }) =>
  b.payout_ids.length + b.refund_ids.length + b.remittance_ids.length

/** The payouts, full refunds and approved insurer remittances a batch pays: at least one in all. */
export const CreatePayoutBatchSchema = z
  .object({ payout_ids: ids.default([]), refund_ids: ids.default([]), remittance_ids: ids.default([]) })
  .refine((b) => lineCount(b) > 0, {
    message: CHOOSE_PAYOUTS_MSG,
    path: ['payout_ids'],
  })
  .refine((b) => lineCount(b) <= MAX_BATCH_ITEMS, {
    message: `A batch holds at most ${MAX_BATCH_ITEMS} lines`,
    path: ['payout_ids'],
  })
export type CreatePayoutBatchInput = z.infer<typeof CreatePayoutBatchSchema>

export const PayoutBatchIdSchema = z.object({ batch_id: id() })
export const PayoutBatchItemParamsSchema = z.object({ batch_id: id(), item_id: id() })

export const ReturnBatchItemSchema = z.object({
  return_reason: z.string({ error: RETURN_REASON_MSG }).trim().min(1, RETURN_REASON_MSG).max(500),
})
