import { Download } from 'lucide-react'
import { Link } from '@remix-run/react'
import { useState } from 'react'
import type * as React from 'react'
import { formatDateTime, formatMoney } from '../../utils/misc'
import { labelOf, PAYMENT_METHOD_LABELS, POLICY_TYPE_LABELS } from '../../utils/labels'
import { ConfirmSubmit } from '../confirm-submit'
import { ConformForm, ErrorList, useConformForm, useResultFor } from '../forms'
import { DataTable, type DataTableColumn, type PageInfo } from '../data-table'
import { StatusBadge } from '../status-badge'
import { TabLinks, useListHref } from '../tab-links'
import { Label } from '../ui/label'
import { Textarea } from '../ui/textarea'
import { PaymentFilters } from './staff-payment-filters'
import { PaymentDecisionSchema } from './staff-payment-list.schemas'

export type StaffPaymentRow = {
  id: number
  ref: string
  status: string
  agency: string
  customer: string
  provider: string | null
  policy_type: string | null
  premium: number | null
  /** What a waiting payment already received (a part by bank transfer or NexPay), else null. */
  received: number | null
  payment_method: string | null
  payment_status: string | null
  bank_document_available: boolean
  requested_at: string | null
  purchased_at: string | null
}

type Props = {
  list: 'verification' | 'outstanding' | 'purchased'
  caption: string
  rows: StaffPaymentRow[]
  pageInfo: PageInfo
  sort: { key: string; direction: 'asc' | 'desc' }
  statusTab: string | null
  agencies: { id: number; name: string }[]
  providers: { id: number; name: string }[]
  perPage: string
  /** The payment methods to filter by, and the outstanding list's tabs (the route passes the enums). */
  methods: readonly string[]
  outstandingTabs: readonly string[]
}

/** The staff lists of policies and their payments; the verification list decides them. */
export function StaffPaymentList(props: Props) {
  const { list, rows } = props
  const href = useListHref(`/staff/finance/${list}`)
  const verification = list === 'verification'
  // The rows ticked for rejection, so the confirmation names them and their total.
  const [selected, setSelected] = useState<number[]>([])
  const chosen = rows.filter((r) => selected.includes(r.id))
  type Row = StaffPaymentRow
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'ref',
      header: 'Policy',
      sortable: true,
      className: 'min-w-[11rem]',
      cell: (p: Row) => (
        <div className="flex items-start gap-2">
          {verification ? (
            <input
              type="checkbox"
              name="policyId"
              value={p.id}
              aria-label={`Select policy ${p.ref}`}
              className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
              onChange={(e) => {
                const checked = e.currentTarget.checked
                setSelected((s) => (checked ? [...s, p.id] : s.filter((id) => id !== p.id)))
              }}
            />
          ) : null}
          <span>
            <Link
              to={`/staff/policies/${p.id}`}
              className="block whitespace-nowrap font-medium text-primary hover:underline"
            >
              {p.ref}
            </Link>
            <span className="block text-xs text-muted-foreground">{p.customer}</span>
          </span>
        </div>
      ),
    },
    { key: 'agency', header: 'Agency', cell: (p: Row) => p.agency },
    {
      key: 'provider',
      header: 'Cover',
      cell: (p: Row) => (
        <span>
          {p.provider ?? '—'}
          <span className="block text-xs text-muted-foreground">
            {labelOf(POLICY_TYPE_LABELS, p.policy_type) || '—'}
          </span>
        </span>
      ),
    },
    {
      key: 'premium',
      header: 'Premium',
      sortable: true,
      className: 'text-right',
      cell: (p: Row) => (
        <span>
          {formatMoney(p.premium)}
          {p.received ? (
            <span className="block text-xs text-muted-foreground">{formatMoney(p.received)} received</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'payment_method',
      header: 'Method',
      cell: (p: Row) => labelOf(PAYMENT_METHOD_LABELS, p.payment_method) || '—',
    },
    // Every payment the verification list shows waits for verification: no status to repeat there.
    ...(verification
      ? []
      : [
          {
            key: 'status',
            header: 'Status',
            cell: (p: Row) => (
              <span className="flex flex-col items-start gap-1">
                <StatusBadge kind="policy" status={p.status} />
                {p.payment_status ? <StatusBadge kind="payment" status={p.payment_status} /> : null}
              </span>
            ),
          },
        ]),
    {
      key: 'bank_document',
      header: 'Proof',
      cell: (p: Row) =>
        p.bank_document_available ? (
          <a
            href={`/staff/finance/proof/${p.id}`}
            className="inline-flex items-center gap-1 text-primary hover:underline"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download<span className="sr-only"> the proof of {p.ref}</span>
          </a>
        ) : (
          'None'
        ),
    },
    {
      key: list === 'purchased' ? 'purchased_at' : 'requested_at',
      header: list === 'purchased' ? 'Purchased' : 'Requested',
      sortable: true,
      cell: (p: Row) => formatDateTime(list === 'purchased' ? p.purchased_at : p.requested_at) || '—',
    },
    ...(verification
      ? [
          {
            key: 'actions',
            header: 'Decision',
            action: true,
            cell: (p: Row) => (
              <ConfirmSubmit
                size="sm"
                variant="default"
                name="intent"
                value={`approve-payment:${p.id}`}
                title={`Approve the payment of ${p.ref}?`}
                description={`The premium of ${formatMoney(p.premium)} from ${p.agency}${p.received ? ` (${formatMoney(p.received)} of it already received by transfer)` : ''} counts as received and the policy moves on to certificate issue.`}
                confirmLabel="Approve payment"
              >
                Approve<span className="sr-only"> the payment of {p.ref}</span>
              </ConfirmSubmit>
            ),
          },
        ]
      : []),
  ]
  const table = (
    <DataTable
      caption={props.caption}
      rows={rows}
      pageInfo={props.pageInfo}
      sortKey={props.sort.key}
      sortDirection={props.sort.direction}
      getRowKey={(p) => p.id}
      emptyText="No policy matches these filters."
      columns={columns}
      cards
    />
  )
  return (
    <div className="space-y-4">
      {list === 'outstanding' ? (
        <TabLinks
          label="Payment state"
          items={props.outstandingTabs.map((t) => ({ value: t, label: t }))}
          current={props.statusTab}
          href={(t) => href({ status_tab: t })}
        />
      ) : null}
      <PaymentFilters
        agencies={props.agencies}
        providers={props.providers}
        perPage={props.perPage}
        methods={props.methods}
      />
      {verification ? (
        <PaymentDecisionForm intents={['reject-payments', ...rows.map((r) => `approve-payment:${r.id}`)]}>
          {(rejectErrors) => (
            <>
              {table}
              <fieldset className="space-y-2 rounded-md border p-4">
                <legend className="px-1 text-sm font-semibold">Reject the selected payments</legend>
                <Label htmlFor="reason">Reason (the agency reads it)</Label>
                <Textarea id="reason" name="reason" rows={2} maxLength={1000} />
                <ErrorList id="reason-errors" errors={rejectErrors} />
                <ConfirmSubmit
                  name="intent"
                  value="reject-payments"
                  title={
                    chosen.length === 0
                      ? 'No payment is selected'
                      : chosen.length === 1
                        ? `Reject the payment of ${chosen[0].ref}?`
                        : `Reject ${chosen.length} payments (${chosen.map((c) => c.ref).join(', ')})?`
                  }
                  description={
                    chosen.length === 0
                      ? 'Tick the payments to reject in the list first.'
                      : `${formatMoney(chosen.reduce((sum, c) => sum + (c.premium ?? 0), 0))} in premiums is refused; each agency reads the reason and can pay again.${receivedOf(chosen) ? ` The ${formatMoney(receivedOf(chosen))} already received by transfer is held in Suspense until it is refunded or allocated.` : ''}`
                  }
                  confirmLabel="Reject payments"
                >
                  Reject selected
                </ConfirmSubmit>
              </fieldset>
            </>
          )}
        </PaymentDecisionForm>
      ) : (
        table
      )}
    </div>
  )
}

/**
 * The verification list's form: Conform over the action's schema. A refusal shows above the list;
 * what stops a rejection (no payment ticked, no reason) under the reason box.
 */
function PaymentDecisionForm({
  intents,
  children,
}: {
  /** The intents of its buttons: the replies it takes (the page has other forms). */
  intents: string[]
  children: (rejectErrors: string[]) => React.ReactNode
}) {
  const result = useResultFor(...intents)
  const [form, fields] = useConformForm(PaymentDecisionSchema, {
    id: 'payment-decision',
    lastResult: result ?? null,
  })
  return (
    <ConformForm form={form} className="space-y-4">
      <ErrorList id={form.errorId} errors={form.errors} />
      {children([...(fields.policyId.errors ?? []), ...(fields.reason.errors ?? [])])}
    </ConformForm>
  )
}

/** What the chosen payments already received (parts by transfer), in the list's unit. */
const receivedOf = (rows: StaffPaymentRow[]) => rows.reduce((sum, c) => sum + (c.received ?? 0), 0)
