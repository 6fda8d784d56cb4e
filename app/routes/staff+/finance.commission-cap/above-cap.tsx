import { Link } from '@remix-run/react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'

export type AboveRow = {
  product_line: string
  agency_id: number
  agency: string
  insurer: string
  payment_method_label: string | null
  insurer_rate: string
  method_rate: string | null
  rate: string
  cap: string
  difference: string
}

/** The agencies whose configured rates are above a cap, with the difference. */
export function AboveCap({ rows }: { rows: AboveRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Agencies above the cap</CardTitle>
        <CardDescription>
          Configured rates over the cap that rates set now must keep (a payment method counts with the
          insurer&apos;s rate). Sales are capped whatever is configured; these are the rates to bring down.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Table aria-label="Agencies above the cap">
          <TableHeader>
            <TableRow>
              <TableHead>Agency</TableHead>
              <TableHead>Line</TableHead>
              <TableHead>Insurer</TableHead>
              <TableHead>Payment method</TableHead>
              <TableHead className="text-right">Rate</TableHead>
              <TableHead className="text-right">Cap</TableHead>
              <TableHead className="text-right">Above by</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length ? (
              rows.map((r, i) => (
                <TableRow key={i}>
                  <TableCell>
                    <Link className="underline" to={`/staff/agencies/${r.agency_id}/configuration`}>
                      {r.agency}
                    </Link>
                  </TableCell>
                  <TableCell>{r.product_line}</TableCell>
                  <TableCell>{r.insurer}</TableCell>
                  <TableCell>
                    {r.payment_method_label
                      ? `${r.payment_method_label} (${r.insurer_rate}% + ${r.method_rate}%)`
                      : '—'}
                  </TableCell>
                  <TableCell className="text-right">{r.rate}%</TableCell>
                  <TableCell className="text-right">{r.cap}%</TableCell>
                  <TableCell className="text-right font-semibold">{r.difference} points</TableCell>
                </TableRow>
              ))
            ) : (
              <TableRow>
                <TableCell colSpan={7}>No agency has a rate above a cap.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}
