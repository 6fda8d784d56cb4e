import { formatMoney } from '../../../utils/misc'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'

function Stat({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold">{value}</p>
        {note ? <p className="mt-1 text-sm text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  )
}

/** The agency's money at a glance, above every finance tab. */
export function AgencyFinanceSummary({
  balance,
  metrics,
}: {
  balance: {
    balance: number
    commission: number
    buy_now_pay_later_amount: number
    buy_now_pay_later_remaining_amount: number
  }
  metrics: { payable: { count: number; amount: number }; pendingApproval: { count: number } }
}) {
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Stat title="Agency balance" value={formatMoney(balance.balance)} note="Available to pay premiums" />
      <Stat
        title="Banked commission"
        value={formatMoney(balance.commission)}
        note="Commission you can request"
      />
      <Stat
        title="Buy now, pay later"
        value={formatMoney(balance.buy_now_pay_later_remaining_amount)}
        note={`remaining of ${formatMoney(balance.buy_now_pay_later_amount)}`}
      />
      <Stat
        title="Invoices to pay"
        value={formatMoney(metrics.payable.amount)}
        note={`${metrics.payable.count} payable · ${metrics.pendingApproval.count} awaiting approval`}
      />
    </section>
  )
}
