import { type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { findAgencyMoneyTrail } from '../../../domain/money/find-agency-money-trail'
import { DataTable } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { TrailRecordLinks, TransferStateBadge } from '../../components/money/money-trail'
import { PolicyRefLink } from '../../components/policies/policy-ref-link'
import { listParams } from '../../utils/forms.server'
import { formatCents, formatDateTime } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'

const PageSchema = z.object({ page: z.coerce.number().int().min(1).catch(1).default(1) })

/**
 * The agency's statement from the money journal: every transfer of its balance account, newest
 * first, with the other account and the posted balance after it. The agency sees only its own
 * (the use case takes the actor's agency).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findAgencyMoneyTrail.access, 'agency')
  const { page } = PageSchema.parse(listParams(request))
  const trail = await findAgencyMoneyTrail({ actor, agencyId: actor.agencyId, page })
  return {
    balance: trail.balance,
    pageInfo: trail.pageInfo,
    rows: trail.items.map((l) => ({
      id: l.id,
      created_at: l.created_at.toISOString(),
      label: l.label,
      state: l.state,
      state_label: l.state_label,
      amount: l.amount,
      other_label: l.other_label,
      policy_id: l.policy_id,
      policy_ref: l.policy_ref,
      invoice_id: l.invoice_id,
      payout_id: l.payout_id,
      refund_id: l.refund_id,
      clawback_id: l.clawback_id,
      amendment_id: l.amendment_id,
      note: l.note,
      balance_after: l.balance_after,
      approver: l.approver,
    })),
  }
}

export default function AgencyFinanceMoneyTrail() {
  const data = useLoaderData<typeof loader>()
  type Row = (typeof data.rows)[number]
  return (
    <section aria-labelledby="money-trail-title" className="space-y-2">
      <h3 id="money-trail-title" className="text-lg font-semibold">
        Money trail
      </h3>
      <p className="text-sm text-muted-foreground">
        Every movement of your agency balance as the money journal records it, newest first.
        {data.balance
          ? ` Balance now ${formatCents(data.balance.balance)}${
              data.balance.pending_debits
                ? `, of which ${formatCents(data.balance.pending_debits)} is held for payments awaiting approval`
                : ''
            }.`
          : ''}
      </p>
      <DataTable
        caption="Agency balance movements from the money journal, newest first"
        rows={data.rows}
        pageInfo={data.pageInfo}
        getRowKey={(l: Row) => l.id}
        emptyText="No balance movement yet. Top up your balance to pay premiums from it."
        columns={[
          { key: 'created_at', header: 'Date', cell: (l: Row) => formatDateTime(l.created_at) },
          {
            key: 'what',
            header: 'What',
            cell: (l: Row) => (
              <>
                {l.label}
                {l.note ? <span className="block text-muted-foreground">{l.note}</span> : null}
                <TrailRecordLinks line={l} portal="agency" />
              </>
            ),
          },
          {
            key: 'other',
            header: 'From / to',
            cell: (l: Row) => `${l.amount > 0 ? 'From' : 'To'}: ${l.other_label}`,
          },
          {
            key: 'policy',
            header: 'Policy',
            cell: (l: Row) => <PolicyRefLink portal="agency" id={l.policy_id} policyRef={l.policy_ref} />,
          },
          {
            key: 'amount',
            header: 'Amount',
            className: 'text-right whitespace-nowrap tabular-nums',
            cell: (l: Row) => formatCents(l.amount),
          },
          {
            key: 'after',
            header: 'Balance after',
            className: 'text-right whitespace-nowrap tabular-nums',
            cell: (l: Row) => formatCents(l.balance_after),
          },
          {
            key: 'state',
            header: 'State',
            cell: (l: Row) => (
              <>
                <TransferStateBadge state={l.state} label={l.state_label} />
                {l.approver ? (
                  <span className="mt-1 block text-xs text-muted-foreground">{l.approver}</span>
                ) : null}
              </>
            ),
          },
        ]}
      />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
