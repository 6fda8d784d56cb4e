import { Link } from '@remix-run/react'
import { formatDate, formatMoney } from '../../../utils/misc'
import { StatusBadge } from '../../../components/status-badge'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'

export type AgencyClawback = {
  id: number
  status: string
  statusLabel: string
  premium: number
  rate: number | null
  amount: number
  outstanding: number
  methodLabel: string | null
  rejectionReason: string | null
  receiptId: string | null
  createdAt: string
  completedAt: string | null
}

const PAYABLE = ['INITIATED', 'REJECTED']

/**
 * The agency's clawback section of its policy page: each clawback of the policy's paid-out
 * commission with what is owed, how it was paid and its outcome, and the way to the payment form
 * (the clawbacks page, filtered on this policy) while one waits for payment.
 */
export function ClawbackAgencySection({
  policyId,
  clawbacks,
  canPay,
}: {
  policyId: number
  clawbacks: AgencyClawback[]
  canPay: boolean
}) {
  if (!clawbacks.length) return null
  const owing = clawbacks.find((c) => PAYABLE.includes(c.status))
  return (
    <Card id="clawback" className="scroll-mt-4">
      <CardHeader>
        <CardTitle as="h3">Commission clawback</CardTitle>
        <CardDescription>
          {owing
            ? `${formatMoney(owing.outstanding)} of commission paid on this policy is to be paid back.`
            : 'Commission paid on this policy that was clawed back.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="space-y-3">
          {clawbacks.map((c) => (
            <li key={c.id} className="space-y-1 rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">Clawback #{c.id}</span>
                <StatusBadge kind="request" status={c.status} label={c.statusLabel} />
              </div>
              <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
                <div>
                  <dt className="inline text-muted-foreground">Commission clawed back: </dt>
                  <dd className="inline">
                    {formatMoney(c.amount)}
                    {c.rate !== null ? ` (${c.rate}% of ${formatMoney(c.premium)} premium)` : null}
                  </dd>
                </div>
                <div>
                  <dt className="inline text-muted-foreground">Outstanding: </dt>
                  <dd className="inline">{formatMoney(c.outstanding)}</dd>
                </div>
                <div>
                  <dt className="inline text-muted-foreground">Opened: </dt>
                  <dd className="inline">{formatDate(c.createdAt)}</dd>
                </div>
                {c.methodLabel ? (
                  <div>
                    <dt className="inline text-muted-foreground">Paid by: </dt>
                    <dd className="inline">{c.methodLabel}</dd>
                  </div>
                ) : null}
                {c.receiptId ? (
                  <div>
                    <dt className="inline text-muted-foreground">Receipt: </dt>
                    <dd className="inline">
                      {c.receiptId}
                      {c.completedAt ? `, ${formatDate(c.completedAt)}` : null}
                    </dd>
                  </div>
                ) : null}
              </dl>
              {c.status === 'REJECTED' && c.rejectionReason ? (
                <p className="text-destructive">Payment not accepted: {c.rejectionReason}</p>
              ) : null}
            </li>
          ))}
        </ul>
        {owing && canPay ? (
          <Link
            to={`/agency/finance/clawbacks?policy_id=${policyId}`}
            className={buttonVariants({ size: 'sm' })}
          >
            Pay clawback of {formatMoney(owing.outstanding)}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  )
}
