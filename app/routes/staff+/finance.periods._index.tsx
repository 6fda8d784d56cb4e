import { type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { findPeriods } from '../../../domain/finance/periods/find-periods'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { formatDateTime } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findPeriods.access, 'staff')
  const periods = await findPeriods({ actor })
  return {
    current_label: periods.current_label,
    months: periods.months.map((m) => ({
      month: m.month,
      label: m.label,
      status: m.status,
      status_label: m.status_label,
      proposed_by: m.proposed_by,
      closed_by: m.closed_by,
      closed_at: m.closed_at ? new Date(m.closed_at).toISOString() : null,
      reopen_reason: m.reopen_reason,
    })),
  }
}

export default function StaffPeriods() {
  const { current_label, months } = useLoaderData<typeof loader>()
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Closed periods</CardTitle>
        <CardDescription>
          A month (Australia/Sydney) is closed by two people: one proposes it with its trial balance, another
          closes it. Nothing dated in a closed month can change; a correction is a new transfer in the open
          month. {current_label} is still running and cannot be closed yet.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Table aria-label="Months">
          <TableHeader>
            <TableRow>
              <TableHead>Month</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Proposed by</TableHead>
              <TableHead>Closed by</TableHead>
              <TableHead>Closed</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {months.length ? (
              months.map((m) => (
                <TableRow key={m.month}>
                  <TableCell>
                    <Link className="underline" to={`/staff/finance/periods/${m.month}`}>
                      {m.label}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Badge variant={m.status === 'OPEN' ? 'outline' : 'secondary'}>{m.status_label}</Badge>
                    {m.reopen_reason ? <span className="ml-2 text-sm">({m.reopen_reason})</span> : null}
                  </TableCell>
                  <TableCell>{m.proposed_by ?? '—'}</TableCell>
                  <TableCell>{m.closed_by ?? '—'}</TableCell>
                  <TableCell>{m.closed_at ? formatDateTime(m.closed_at) : '—'}</TableCell>
                </TableRow>
              ))
            ) : (
              <TableRow>
                <TableCell colSpan={5}>No month has ended since the first money transfer.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
