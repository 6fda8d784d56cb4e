import { Link } from '@remix-run/react'
import { formatDate, formatMoney } from '../../../utils/misc'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { LabelledBars, SalesChart } from '../../../components/dashboard/charts'

type Week = {
  week_start: string
  sold: number
  premium: number
  previous_sold: number
  previous_premium: number
}
type CertWeek = { week_start: string; issued: number; previous_issued: number }
type Money = {
  agencyTopUpBalance: number
  commissionAvailable: number
  commissionClawback: number
  bnplRemaining: number
  bnplTotal: number
} | null

/** The agency's own figures on its home page: sales per week against the weeks before, certificates, money. */
export function AgencyDashboard({
  sales,
  certificates,
  money,
  promotions,
}: {
  sales: Week[]
  certificates: CertWeek[]
  money: Money
  promotions: { id: number; title: string; end_date: string }[]
}) {
  const total = sales.reduce((s, w) => s + w.premium, 0)
  const before = sales.reduce((s, w) => s + w.previous_premium, 0)
  return (
    <section aria-labelledby="figures-title" className="space-y-4">
      {promotions.length ? (
        <Card>
          <CardHeader>
            <CardTitle as="h3">Promotions</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-1 text-sm">
              {promotions.map((p) => (
                <li key={p.id}>
                  <Link to="/agency/promotions" className="font-medium text-primary hover:underline">
                    {p.title}
                  </Link>{' '}
                  <span className="text-muted-foreground">until {formatDate(p.end_date)}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      <h2 id="figures-title" className="text-lg font-semibold">
        Your sales
      </h2>
      <p className="text-sm text-muted-foreground">
        Last {sales.length} weeks: {formatMoney(total)} of premium ({sales.reduce((s, w) => s + w.sold, 0)}{' '}
        policies), against {formatMoney(before)} in the {sales.length} weeks before.
      </p>
      <SalesChart
        sales={sales.map((w) => ({ bucket: w.week_start, sold: w.sold, premium: w.premium }))}
        previous={sales.map((w) => ({
          bucket: w.week_start,
          sold: w.previous_sold,
          premium: w.previous_premium,
        }))}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h3">Certificates issued per week</CardTitle>
          </CardHeader>
          <CardContent>
            <LabelledBars
              label="Certificates issued per week"
              data={certificates.map((w) => ({
                name: `Week of ${formatDate(w.week_start)}`,
                value: w.issued,
              }))}
            />
          </CardContent>
        </Card>
        {money ? (
          <Card>
            <CardHeader>
              <CardTitle as="h3">Money</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <dt className="text-muted-foreground">Balance</dt>
                <dd className="text-right font-medium">{formatMoney(money.agencyTopUpBalance)}</dd>
                <dt className="text-muted-foreground">Commission banked</dt>
                <dd className="text-right font-medium">{formatMoney(money.commissionAvailable)}</dd>
                <dt className="text-muted-foreground">Clawbacks owed</dt>
                <dd className="text-right font-medium">{formatMoney(money.commissionClawback)}</dd>
                <dt className="text-muted-foreground">Buy now, pay later left</dt>
                <dd className="text-right font-medium">
                  {formatMoney(money.bnplRemaining)} of {formatMoney(money.bnplTotal)}
                </dd>
              </dl>
            </CardContent>
          </Card>
        ) : null}
      </div>
    </section>
  )
}
