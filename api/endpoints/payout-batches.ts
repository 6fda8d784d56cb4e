import { endpoint, ok, type Endpoint } from '../define'
import {
  PayoutBatchIdSchema,
  PayoutBatchItemParamsSchema,
  CreatePayoutBatchSchema,
  ReturnBatchItemSchema,
} from '../../domain/finance/payout-batches/payout-batches.schemas'
import { findPayoutBatchCandidates } from '../../domain/finance/payout-batches/find-payout-batch-candidates'
import { findRefundBatchCandidates } from '../../domain/finance/payout-batches/find-refund-batch-candidates'
import { createPayoutBatch } from '../../domain/finance/payout-batches/create-payout-batch'
import { findPayoutBatches } from '../../domain/finance/payout-batches/find-payout-batches'
import { getPayoutBatch } from '../../domain/finance/payout-batches/get-payout-batch'
import { approvePayoutBatch } from '../../domain/finance/payout-batches/approve-payout-batch'
import { cancelPayoutBatch } from '../../domain/finance/payout-batches/cancel-payout-batch'
import { downloadPayoutBatchFile } from '../../domain/finance/payout-batches/download-payout-batch-file'
import { returnPayoutBatchItem } from '../../domain/finance/payout-batches/return-payout-batch-item'

/** Payout batches paid by an ABA file (issue 25): calls beside the specification's finance ones. */
const OSHC = '/oshc/finance-management/payout-batches'

export const payoutBatchEndpoints: Endpoint[] = [
  endpoint({
    method: 'GET',
    path: `${OSHC}/candidates`,
    summary:
      'REQUESTED payouts in no batch, with the verified account each would pay (masked) and, when a bank file cannot pay it, the issue',
    access: findPayoutBatchCandidates.access,
    handler: async ({ actor }) => ok(await findPayoutBatchCandidates({ actor })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/refund-candidates`,
    summary:
      'Full refunds approved to be paid by a batch (BANK with pay_by_batch) and in no batch, with the verified account of the agency each would pay (masked) and, when a bank file cannot pay it, the issue',
    access: findRefundBatchCandidates.access,
    handler: async ({ actor }) => ok(await findRefundBatchCandidates({ actor })),
  }),
  endpoint({
    method: 'POST',
    path: OSHC,
    summary:
      'Build a DRAFT batch from { payout_ids }: each REQUESTED, in no other batch (409) and with a verified account a Direct Entry file can pay (400 naming it)',
    access: createPayoutBatch.access,
    body: CreatePayoutBatchSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      ...ok(await createPayoutBatch({ actor, input: body }), 'Payout batch created'),
    }),
  }),
  endpoint({
    method: 'GET',
    path: OSHC,
    summary: 'The payout batches, newest first (at most 100)',
    access: findPayoutBatches.access,
    handler: async ({ actor }) => ok(await findPayoutBatches({ actor })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/{batch_id}`,
    summary: 'One payout batch with its lines (accounts masked)',
    access: getPayoutBatch.access,
    params: PayoutBatchIdSchema,
    handler: async ({ actor, params }) => ok(await getPayoutBatch({ actor, batchId: params.batch_id })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/{batch_id}/approve`,
    summary:
      'Approve a DRAFT batch (maker-checker: 403 for whoever built it; a fresh second factor, x-second-factor-code). 409 unless DRAFT',
    access: approvePayoutBatch.access,
    params: PayoutBatchIdSchema,
    handler: async ({ actor, params }) =>
      ok(await approvePayoutBatch({ actor, batchId: params.batch_id }), 'Payout batch approved'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/{batch_id}/cancel`,
    summary: 'Cancel a DRAFT or APPROVED batch: its payouts are released. 409 once the file was sent',
    access: cancelPayoutBatch.access,
    params: PayoutBatchIdSchema,
    handler: async ({ actor, params }) =>
      ok(await cancelPayoutBatch({ actor, batchId: params.batch_id }), 'Payout batch cancelled'),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/{batch_id}/aba`,
    summary:
      "The batch's ABA (Direct Entry) file, text/plain; the first download marks an APPROVED batch SENT. 409 for a DRAFT or CANCELLED batch",
    access: downloadPayoutBatchFile.access,
    params: PayoutBatchIdSchema,
    handler: async ({ actor, params }) => {
      const file = await downloadPayoutBatchFile({ actor, batchId: params.batch_id })
      return new Response(file.content, {
        headers: {
          'Content-Type': 'text/plain; charset=us-ascii',
          'Content-Disposition': `attachment; filename="${file.file_name}"`,
        },
      })
    },
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/{batch_id}/items/{item_id}/return`,
    summary:
      'A line the bank returned, with { return_reason }: it leaves the SENT batch (whose total drops), its payout stays REQUESTED and staff are told. 409 once the batch is PAID',
    access: returnPayoutBatchItem.access,
    params: PayoutBatchItemParamsSchema,
    body: ReturnBatchItemSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await returnPayoutBatchItem({ actor, batchId: params.batch_id, itemId: params.item_id, input: body }),
        'Line returned',
      ),
  }),
]
