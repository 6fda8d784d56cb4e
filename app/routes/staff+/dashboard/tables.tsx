import { Link } from '@remix-run/react'
import { formatDate, formatMoney } from '../../../utils/misc'
import { buttonVariants } from '../../../components/ui/button'

/** The figures behind a chart, as a table (names, counts, amounts). */
export function FiguresTable({
  caption,
  rows,
  dateNames = false,
}: {
  caption: string
  rows: { name: string; count: number; amount: number }[]
  dateNames?: boolean
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="text-left text-sm text-muted-foreground">{caption}</caption>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="py-1">
              {dateNames ? 'Period from' : 'Name'}
            </th>
            <th scope="col" className="py-1 text-right">
              Policies
            </th>
            <th scope="col" className="py-1 text-right">
              Premium
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length ? (
            rows.map((r) => (
              <tr key={r.name} className="border-b">
                <td className="py-1">{dateNames ? formatDate(r.name) : r.name}</td>
                <td className="py-1 text-right">{r.count}</td>
                <td className="py-1 text-right">{formatMoney(r.amount)}</td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={3} className="py-2 text-muted-foreground">
                No sales in this period.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}

type Performance = {
  agency_id: number
  agency: string
  policies_sold: number
  premium: number
  commission: number
}

/** The top agencies by premium, sortable both ways, with the whole list as a file. */
export function AgencyPerformanceTable({
  rows,
  exportHref,
  sortHref,
}: {
  rows: Performance[]
  exportHref: string
  sortHref: (direction: 'asc' | 'desc') => string
}) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-lg font-semibold">Agency performance</h2>
        <Link to={sortHref('desc')} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          Highest premium first
        </Link>
        <Link to={sortHref('asc')} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          Lowest premium first
        </Link>
        <a href={exportHref} className={buttonVariants({ variant: 'outline', size: 'sm' })} download>
          Export all agencies (CSV)
        </a>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Agency performance in the period</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-1">
                Agency
              </th>
              <th scope="col" className="py-1 text-right">
                Policies
              </th>
              <th scope="col" className="py-1 text-right">
                Premium
              </th>
              <th scope="col" className="py-1 text-right">
                Commission
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length ? (
              rows.map((r) => (
                <tr key={r.agency_id} className="border-b">
                  <td className="py-1">
                    <Link className="underline" to={`/staff/agencies/${r.agency_id}`}>
                      {r.agency || 'Unnamed agency'}
                    </Link>
                  </td>
                  <td className="py-1 text-right">{r.policies_sold}</td>
                  <td className="py-1 text-right">{formatMoney(r.premium)}</td>
                  <td className="py-1 text-right">{formatMoney(r.commission)}</td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={4} className="py-2 text-muted-foreground">
                  No sales in this period.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  )
}
