import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { createPayoutBatch } from '../../../domain/finance/payout-batches/create-payout-batch'
import { findPayoutBatchCandidates } from '../../../domain/finance/payout-batches/find-payout-batch-candidates'
import { findPayoutBatches } from '../../../domain/finance/payout-batches/find-payout-batches'
import { BATCH_STATUS_LABELS } from '../../../domain/finance/payout-batches/payout-batches.rules'
import { CreatePayoutBatchSchema } from '../../../domain/finance/payout-batches/payout-batches.schemas'
import { monthLabel } from '../../../domain/finance/periods/periods.rules'
import { findInsurerRemittances } from '../../../domain/finance/remittances/find-insurer-remittances'
import { findRefundBatchCandidates } from '../../../domain/finance/payout-batches/find-refund-batch-candidates'
import { RefundCandidates, RemittanceCandidates } from '../../components/finance/batch-candidate-tables'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { readForm, submitForm } from '../../utils/forms.server'
import { formatCents, formatDate, formatDateTime } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findPayoutBatches.access, 'staff')
  const [batches, candidates, refunds, found] = await Promise.all([
    findPayoutBatches({ actor }),
    findPayoutBatchCandidates({ actor }),
    findRefundBatchCandidates({ actor }),
    findInsurerRemittances({ actor }),
  ])
  return {
    batches: batches.map((b) => ({
      id: b.id,
      status: b.status,
      item_count: b.item_count,
      total_cents: b.total_cents,
      processing_date: b.processing_date,
      created_at: b.created_at.toISOString(),
      created_by: b.created_by,
      approved_by: b.approved_by,
    })),
    candidates: candidates.map((c) => ({ ...c, requested_at: c.requested_at.toISOString() })),
    refunds: refunds.map((r) => ({ ...r, approved_at: r.approved_at.toISOString() })),
    // Approved insurer remittances no live batch holds yet: a batch pays them beside the payouts.
    remittances: found.remittances
      .filter((r) => r.status === 'APPROVED' && r.batch_id === null)
      .map((r) => ({
        id: r.id,
        insurer: r.insurer,
        month_label: monthLabel(r.month),
        amount_cents: r.amount_cents,
        bsb: r.bsb,
        account_name: r.account_name,
        account_number_masked: r.account_number_masked,
      })),
  }
}

/** Build a DRAFT batch of the ticked payouts and remittances (CreatePayoutBatchSchema); its page opens. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, createPayoutBatch.access, 'staff')
  const formData = await readForm(request)
  return submitForm(formData, CreatePayoutBatchSchema, async (input) => {
    const batch = await createPayoutBatch({ actor, input })
    return redirectWithToast(`/staff/finance/payout-batches/${batch.id}`, {
      type: 'success',
      title: `Payout batch #${batch.id} built: ${batch.item_count} ${batch.item_count === 1 ? 'line' : 'lines'}, ${formatCents(batch.total_cents)}. Another person with finance approves it.`,
    })
  })
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>

function BuildBatch({
  candidates,
  refunds,
  remittances,
}: {
  candidates: Data['candidates']
  refunds: Data['refunds']
  remittances: Data['remittances']
}) {
  const [form, fields] = useConformForm(CreatePayoutBatchSchema)
  const errors = [
    ...new Set([
      ...(fields.payout_ids.errors ?? []),
      ...(fields.refund_ids.errors ?? []),
      ...(fields.remittance_ids.errors ?? []),
      ...(form.errors ?? []),
    ]),
  ]
  const payable = candidates.filter((c) => !c.issue)
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Build a batch</CardTitle>
        <CardDescription>
          Requested commission payouts, full refunds approved to be paid by a batch and approved insurer
          remittances, paid together by one bank file (ABA): each payout and refund to its agency&apos;s
          verified account, each remittance to the account it was approved with. Another person with finance
          approves the batch before its file can be downloaded; the payouts are approved, the refunds and the
          remittances paid when the file&apos;s debit is confirmed on a bank statement.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm form={form} className="space-y-3">
          <Table aria-label="Payouts to pay by bank file">
            <TableHeader>
              <TableRow>
                <TableHead className="w-12">Pay</TableHead>
                <TableHead>Payout</TableHead>
                <TableHead>Agency</TableHead>
                <TableHead>Account</TableHead>
                <TableHead>Requested</TableHead>
                <TableHead className="text-right">Amount</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {candidates.length ? (
                candidates.map((c) => (
                  <TableRow key={c.payout_id}>
                    <TableCell>
                      <input
                        type="checkbox"
                        name={fields.payout_ids.name}
                        value={c.payout_id}
                        disabled={!!c.issue}
                        aria-label={`Pay payout #${c.payout_id} of ${c.agency_name}`}
                        className="size-4"
                      />
                    </TableCell>
                    <TableCell>
                      <Link className="underline" to={`/staff/finance/payouts/${c.payout_id}`}>
                        #{c.payout_id}
                      </Link>
                    </TableCell>
                    <TableCell>{c.agency_name}</TableCell>
                    <TableCell>
                      {c.issue ? (
                        <span className="text-destructive">{c.issue}</span>
                      ) : (
                        `${c.account_name} · BSB ${c.bsb} · ${c.account_number_masked}`
                      )}
                    </TableCell>
                    <TableCell>{formatDate(c.requested_at)}</TableCell>
                    <TableCell className="text-right">{formatCents(c.amount_cents)}</TableCell>
                  </TableRow>
                ))
              ) : (
                <TableRow>
                  <TableCell colSpan={6}>No requested payout is waiting outside a batch.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
          <RefundCandidates refunds={refunds} name={fields.refund_ids.name} />
          <RemittanceCandidates remittances={remittances} name={fields.remittance_ids.name} />
          <ErrorList id="payout_ids-errors" errors={errors} />
          <SubmitButton
            disabled={payable.length === 0 && !refunds.some((r) => !r.issue) && remittances.length === 0}
          >
            Build batch
          </SubmitButton>
        </ConformForm>
      </CardContent>
    </Card>
  )
}

export default function StaffPayoutBatches() {
  const { batches, candidates, refunds, remittances } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <BuildBatch candidates={candidates} refunds={refunds} remittances={remittances} />
      <Table aria-label="Payout batches">
        <TableHeader>
          <TableRow>
            <TableHead>Batch</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Processing date</TableHead>
            <TableHead className="text-right">Payouts</TableHead>
            <TableHead className="text-right">Total</TableHead>
            <TableHead>Built</TableHead>
            <TableHead>Approved by</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {batches.length ? (
            batches.map((b) => (
              <TableRow key={b.id}>
                <TableCell>
                  <Link className="underline" to={`/staff/finance/payout-batches/${b.id}`}>
                    Batch #{b.id}
                  </Link>
                </TableCell>
                <TableCell>
                  <Badge variant="outline">{BATCH_STATUS_LABELS[b.status]}</Badge>
                </TableCell>
                <TableCell>{formatDate(b.processing_date)}</TableCell>
                <TableCell className="text-right">{b.item_count}</TableCell>
                <TableCell className="text-right">{formatCents(b.total_cents)}</TableCell>
                <TableCell>
                  {formatDateTime(b.created_at)} by {b.created_by}
                </TableCell>
                <TableCell>{b.approved_by ?? '—'}</TableCell>
              </TableRow>
            ))
          ) : (
            <TableRow>
              <TableCell colSpan={7}>No payout batch yet.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
