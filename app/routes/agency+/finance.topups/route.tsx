import { getInputProps } from '@conform-to/react'
import { z } from 'zod'
import { amountCents, BANK_DOCUMENT_REQUIRED, topupDate } from '../../../../domain/finance/finance.schemas'
import { ConformForm, ErrorList, Field, SubmitButton, useConformForm } from '../../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { REQUEST_STATUSES } from '../../../../db/schema/enums'
import { findTopups } from '../../../../domain/finance/topups/find-topups'
import { requestTopup } from '../../../../domain/finance/topups/request-topup'
import { confirmCardTopup } from '../../../../domain/finance/topups/confirm-card-topup'
import { DomainError } from '../../../../domain/shared/errors'
import { CardTopupForm, CardTopupResultAlert, type CardTopupResult } from './card-topup'
import { DataTable, FilterBar, SORT_DIRECTION_PARAM, SORT_KEY_PARAM } from '../../../components/data-table'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { agencyListInput, iso, sortOf } from '../../../utils/finance-lists.server'
import { StatusBadge } from '../../../components/status-badge'
import { Label } from '../../../components/ui/label'
import { Select } from '../../../components/ui/select'
import { readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import { labelOf, REQUEST_STATUS_LABELS } from '../../../utils/labels'
import { formatDate, formatDateTime, formatMoney } from '../../../utils/misc'
import { requireAccess } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { storeFormFile } from '../../../utils/upload.server'

/**
 * The top-up form: amount and transfer date, and the bank receipt file (field receipt_url, so the
 * domain's messages land under it). Browser and action share it.
 */
const TopUpFormSchema = z.object({
  amount: amountCents(),
  topup_date: topupDate(),
  receipt_url: z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File && v.size > 0, {
    message: BANK_DOCUMENT_REQUIRED,
  }),
})

function TopUpForm() {
  const [form, fields] = useConformForm(TopUpFormSchema, { intent: 'bank', id: 'topup' })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Top up by bank transfer</CardTitle>
        <CardDescription>
          Transfer the amount to our account, then upload the bank receipt. Our finance team credits your
          balance once it is verified.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm
          form={form}
          intent="bank"
          encType="multipart/form-data"
          className="grid gap-4 sm:grid-cols-3"
        >
          <Field
            labelProps={{ children: 'Amount (AUD)' }}
            inputProps={{ ...getInputProps(fields.amount, { type: 'text' }), inputMode: 'decimal' }}
            errors={fields.amount.errors}
          />
          <Field
            labelProps={{ children: 'Transfer date' }}
            inputProps={getInputProps(fields.topup_date, { type: 'date' })}
            errors={fields.topup_date.errors}
          />
          <Field
            labelProps={{ children: 'Bank receipt (PDF or image, up to 5 MB)' }}
            inputProps={{
              ...getInputProps(fields.receipt_url, { type: 'file' }),
              accept: 'application/pdf,image/png,image/jpeg',
            }}
            errors={fields.receipt_url.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} className="sm:col-span-3" />
          <div className="sm:col-span-3">
            <SubmitButton>Request top-up</SubmitButton>
          </div>
        </ConformForm>
      </CardContent>
    </Card>
  )
}

/** The card form: the amount only (the gateway takes the card). */
const CardTopUpSchema = z.object({ amount: amountCents() })

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findTopups.access, 'agency')
  const url = new URL(request.url)
  // Back from the card gateway: confirm with it (once, whatever the webhook did) and show the result.
  let card: CardTopupResult | null = null
  const sessionId = url.searchParams.get('session_id')
  if (url.searchParams.get('checkout') === 'cancel') card = { cancelled: true }
  if (url.searchParams.get('checkout') === 'success' && sessionId) {
    try {
      const r = await confirmCardTopup({ actor, sessionId })
      card = { ok: true, amount: r.topup.amount, topupId: r.topup.id, alreadyConfirmed: r.already_confirmed }
    } catch (err) {
      if (!(err instanceof DomainError) || err.code === 'NOT_FOUND') throwAsResponse(err)
      card = { ok: false, message: err.message }
    }
  }
  const input = agencyListInput(request, 'topups')
  const r = await findTopups({ actor, agencyId: actor.agencyId, input })
  return {
    card,
    canTopUp: actor.permissions.has('purchase') || actor.permissions.has('finance'),
    rows: r.items.map((t) => ({
      id: t.id,
      amount: t.amount,
      payment_method: t.payment_method,
      status: t.status,
      topup_date: t.topup_date,
      rejection_reason: t.rejection_reason,
      invoice_id: t.invoice_id,
      created_at: iso(t.created_at),
    })),
    pageInfo: r.pageInfo,
    sort: sortOf(input),
  }
}

/** Request a top-up: the receipt is stored, then finance staff decide it. */
/** Two forms: a card top-up (`intent=card`, on to the gateway's checkout) and a bank transfer's receipt. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, requestTopup.access)
  const formData = await readForm(request)
  if (formData.get('intent') === 'card') {
    return submitForm(formData, CardTopUpSchema, async (v) => {
      const r = await requestTopup({
        actor,
        input: { agency_id: actor.agencyId, payment_method: 'CARD', receipt_url: null, amount: v.amount },
      })
      if (!('checkout' in r)) throw new Error('A card top-up answers its checkout')
      return redirect(r.checkout.url)
    })
  }
  return submitForm(formData, TopUpFormSchema, async (v) => {
    const stored = await storeFormFile({ actor, file: v.receipt_url, field: 'receipt_url' })
    const { topup } = await requestTopup({
      actor,
      input: {
        agency_id: actor.agencyId,
        payment_method: 'BANK',
        receipt_url: stored.key,
        amount: v.amount,
        topup_date: v.topup_date,
      },
    })
    return redirectWithToast('/agency/finance/topups', {
      type: 'success',
      title: 'Top-up requested',
      description: `Top-up #${topup.id} of ${formatMoney(topup.amount)} waits for our finance team.`,
    })
  })
}

export default function AgencyFinanceTopups() {
  const topups = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  type Row = (typeof topups.rows)[number]
  return (
    <div className="space-y-4">
      <CardTopupResultAlert result={topups.card} />
      {topups.canTopUp ? <CardTopupForm schema={CardTopUpSchema} /> : null}
      {topups.canTopUp ? <TopUpForm /> : null}
      <FilterBar preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM]} label="Top-up filters">
        <div className="space-y-1">
          <Label htmlFor="status">Status</Label>
          <Select id="status" name="status" defaultValue={searchParams.get('status') ?? ''}>
            <option value="">Any status</option>
            {REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {labelOf(REQUEST_STATUS_LABELS, s)}
              </option>
            ))}
          </Select>
        </div>
      </FilterBar>
      <DataTable
        caption="Your top-ups"
        rows={topups.rows}
        pageInfo={topups.pageInfo}
        sortKey={topups.sort.key}
        sortDirection={topups.sort.direction}
        getRowKey={(t) => t.id}
        emptyText="No top-up yet."
        columns={[
          { key: 'id', header: '#', cell: (t: Row) => t.id },
          {
            key: 'amount',
            header: 'Amount',
            sortable: true,
            className: 'text-right',
            cell: (t: Row) => formatMoney(t.amount),
          },
          {
            key: 'payment_method',
            header: 'Method',
            cell: (t: Row) => (t.payment_method === 'CARD' ? 'Card' : 'Bank transfer'),
          },
          {
            key: 'topup_date',
            header: 'Transfer date',
            sortable: true,
            cell: (t: Row) => formatDate(t.topup_date),
          },
          {
            key: 'status',
            header: 'Status',
            sortable: true,
            cell: (t: Row) => <StatusBadge kind="request" status={t.status} />,
          },
          { key: 'reason', header: 'Rejection reason', cell: (t: Row) => t.rejection_reason ?? '—' },
          {
            key: 'invoice',
            header: 'Invoice',
            cell: (t: Row) =>
              t.invoice_id ? (
                <Link
                  to={`/agency/finance/invoices/${t.invoice_id}`}
                  className="text-primary hover:underline"
                >
                  #{t.invoice_id}
                </Link>
              ) : (
                '—'
              ),
          },
          {
            key: 'created_at',
            header: 'Requested',
            sortable: true,
            cell: (t: Row) => formatDateTime(t.created_at),
          },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
