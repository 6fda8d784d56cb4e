import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { approvePayoutBatch } from '../../../../domain/finance/payout-batches/approve-payout-batch'
import { cancelPayoutBatch } from '../../../../domain/finance/payout-batches/cancel-payout-batch'
import { getPayoutBatch } from '../../../../domain/finance/payout-batches/get-payout-batch'
import { returnPayoutBatchItem } from '../../../../domain/finance/payout-batches/return-payout-batch-item'
import { parseId } from '../../../../domain/shared/fields'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import { requireAccess } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { z } from 'zod'
import {
  BATCH_ITEM_STATE_LABELS,
  BATCH_STATUS_LABELS,
} from '../../../../domain/finance/payout-batches/payout-batches.rules'
import { ReturnBatchItemSchema } from '../../../../domain/finance/payout-batches/payout-batches.schemas'
import { BatchPage } from './batch-page'

/** The batch's decisions: approve (another person) or cancel (before its file left). */
const BatchDecisionSchema = z.object({ intent: z.enum(['approve', 'cancel'], { error: 'Unknown action' }) })

/** A line the bank returned: `return:<line id>` and the use case's reason field. */
const ReturnLineSchema = ReturnBatchItemSchema.extend({
  intent: z.string().regex(/^return:\d+$/, 'Unknown action'),
})

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getPayoutBatch.access, 'staff')
  const batchId = idFromParam(params.batchId, 'Payout batch')
  const b = await getPayoutBatch({ actor, batchId }).catch(throwAsResponse)
  const iso = (d: Date | null) => d?.toISOString() ?? null
  return {
    batch: {
      id: b.batch.id,
      status: b.batch.status,
      status_label: BATCH_STATUS_LABELS[b.batch.status],
      processing_date: b.batch.processing_date,
      total_cents: b.batch.total_cents,
      item_count: b.batch.item_count,
      created_by: b.batch.created_by,
      created_at: b.batch.created_at.toISOString(),
      approved_by: b.batch.approved_by,
      approved_at: iso(b.batch.approved_at),
      sent_at: iso(b.batch.sent_at),
      paid_at: iso(b.batch.paid_at),
      statement_line_id: b.batch.statement_line_id,
    },
    can_approve: b.can_approve,
    items: b.items.map((i) => ({
      id: i.id,
      payout_id: i.payout_id,
      remittance_id: i.remittance_id,
      refund_id: i.refund_id,
      refund_policy_id: i.refund_policy_id,
      payee_name: i.payee_name,
      amount_cents: i.amount_cents,
      bsb: i.bsb,
      account_name: i.account_name,
      account_number_masked: i.account_number_masked,
      lodgement_reference: i.lodgement_reference,
      state: i.state,
      state_label: BATCH_ITEM_STATE_LABELS[i.state],
      return_reason: i.return_reason,
      payout_status: i.payout_status,
      remittance_status: i.remittance_status,
      refund_status: i.refund_status,
    })),
  }
}

/** `approve` or `cancel` the batch, or `return:<line id>` with the bank's reason. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, getPayoutBatch.access, 'staff')
  const batchId = idFromParam(params.batchId, 'Payout batch')
  const formData = await readForm(request)
  const back = `/staff/finance/payout-batches/${batchId}`
  const intent = String(formData.get('intent') ?? '')
  if (intent.startsWith('return:'))
    return submitForm(formData, ReturnLineSchema, async (input) => {
      const itemId = parseId(intent.slice('return:'.length)) ?? 0
      await returnPayoutBatchItem({ actor, batchId, itemId, input })
      return redirectWithToast(back, {
        type: 'success',
        title: 'Line returned: its payout or remittance waits again',
      })
    })
  return submitForm(formData, BatchDecisionSchema, async ({ intent }) => {
    if (intent === 'approve') {
      await approvePayoutBatch({ actor, batchId })
      return redirectWithToast(back, {
        type: 'success',
        title: 'Batch approved: its bank file can be downloaded',
      })
    }
    await cancelPayoutBatch({ actor, batchId })
    return redirectWithToast(back, {
      type: 'success',
      title: 'Batch cancelled: its payouts and remittances are released',
    })
  })
}

export default function StaffPayoutBatch() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link className="underline" to="/staff/finance/payout-batches">
          All payout batches
        </Link>
      </p>
      <BatchPage {...data} schemas={{ decision: BatchDecisionSchema, returnLine: ReturnLineSchema }} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
