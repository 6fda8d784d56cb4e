import { z } from 'zod'
import { id } from '../../shared/fields'
import { MAX_BATCH_ITEMS } from './payout-batches.rules'

/** Payout batches (issue 25): the inputs shared by the API, the pages and the use cases. */

export const CHOOSE_PAYOUTS_MSG = 'Choose at least one payout'
export const RETURN_REASON_MSG = 'Say why the bank returned it'

export const CreatePayoutBatchSchema = z.object({
  payout_ids: z
    .array(id())
    .min(1, CHOOSE_PAYOUTS_MSG)
    .max(MAX_BATCH_ITEMS, `A batch holds at most ${MAX_BATCH_ITEMS} payouts`),
})
export type CreatePayoutBatchInput = z.infer<typeof CreatePayoutBatchSchema>

export const PayoutBatchIdSchema = z.object({ batch_id: id() })
export const PayoutBatchItemParamsSchema = z.object({ batch_id: id(), item_id: id() })

export const ReturnBatchItemSchema = z.object({
  return_reason: z.string({ error: RETURN_REASON_MSG }).trim().min(1, RETURN_REASON_MSG).max(500),
})
