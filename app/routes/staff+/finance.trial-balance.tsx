import { type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { searchAgencyOptions } from '../../../domain/agencies/reads/search-agency-options'
import { getTrialBalance } from '../../../domain/money/get-trial-balance'
import { parseId } from '../../../domain/shared/fields'
import { AgencyPicker } from '../../components/agency-picker'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Label } from '../../components/ui/label'
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table'
import { listParams } from '../../utils/forms.server'
import { formatCents } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'

/**
 * The money journal's trial balance: per account kind the posted debits and credits and what is
 * pending, the grand total (debits = credits), and with `?agency_id=` that agency's accounts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getTrialBalance.access)
  const agencyId = parseId(listParams(request).agency_id)
  const [{ trial, agency: accounts }, agency] = await Promise.all([
    getTrialBalance({ actor, agencyId }),
    agencyId ? searchAgencyOptions({ actor, ids: [agencyId] }).then((a) => a[0] ?? null) : null,
  ])
  return { trial, agency, accounts: agency ? accounts : null }
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>
type Figures = {
  posted_debits: number
  posted_credits: number
  pending_debits: number
  pending_credits: number
}

/** Credits - debits in words: 'A$12.00 credit', 'A$3.00 debit', 'A$0.00'. */
function net(cents: number) {
  if (cents === 0) return formatCents(0)
  return `${formatCents(Math.abs(cents))} ${cents > 0 ? 'credit' : 'debit'}`
}

const OWNERS = { policy: ['policy', 'policies'], invoice: ['invoice', 'invoices'] } as const

const FIGURE_HEADS = ['Posted debits', 'Posted credits', 'Pending debits', 'Pending credits']

function FigureCells({ f }: { f: Figures }) {
  return (
    <>
      {[f.posted_debits, f.posted_credits, f.pending_debits, f.pending_credits].map((v, i) => (
        <TableCell key={FIGURE_HEADS[i]} className="whitespace-nowrap text-right tabular-nums">
          {formatCents(v)}
        </TableCell>
      ))}
    </>
  )
}

function FigureHeads() {
  return (
    <>
      {FIGURE_HEADS.map((h) => (
        <TableHead key={h} className="text-right">
          {h}
        </TableHead>
      ))}
    </>
  )
}

/** "Balanced", or each side's difference in red. */
function BalanceVerdict({ trial }: { trial: Data['trial'] }) {
  if (trial.balanced) return <Badge variant="success">Balanced</Badge>
  const parts = [
    trial.difference.posted
      ? `posted debits ${trial.difference.posted > 0 ? 'exceed' : 'fall short of'} credits by ${formatCents(Math.abs(trial.difference.posted))}`
      : null,
    trial.difference.pending
      ? `pending debits ${trial.difference.pending > 0 ? 'exceed' : 'fall short of'} credits by ${formatCents(Math.abs(trial.difference.pending))}`
      : null,
  ].filter(Boolean)
  return (
    <p role="alert" className="text-sm font-semibold text-destructive">
      Out of balance: {parts.join('; ')}.
    </p>
  )
}

function AgencyAccounts({ name, accounts }: { name: string; accounts: NonNullable<Data['accounts']> }) {
  const empty = !accounts.accounts.length && !accounts.byKind.length
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Accounts of {name}</CardTitle>
        <CardDescription>
          Its own accounts one by one, and the accounts of its policies and invoices added up by kind. Balance
          is credits less debits posted.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="text-sm text-muted-foreground">No money has moved for this agency yet.</p>
        ) : (
          <Table>
            <caption className="sr-only">Money accounts of {name}</caption>
            <TableHeader>
              <TableRow>
                <TableHead>Account</TableHead>
                <FigureHeads />
                <TableHead className="text-right">Balance</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {accounts.accounts.map((a) => (
                <TableRow key={a.code}>
                  <TableCell>
                    {a.label}
                    <span className="block font-mono text-xs text-muted-foreground">{a.code}</span>
                  </TableCell>
                  <FigureCells f={a} />
                  <TableCell className="whitespace-nowrap text-right tabular-nums">
                    {net(a.balance)}
                  </TableCell>
                </TableRow>
              ))}
              {accounts.byKind.map((k) => (
                <TableRow key={`${k.owner}-${k.kind}`}>
                  <TableCell>
                    {k.label}
                    <span className="block text-xs text-muted-foreground">
                      {k.accounts} {OWNERS[k.owner][k.accounts === 1 ? 0 : 1]}
                    </span>
                  </TableCell>
                  <FigureCells f={k} />
                  <TableCell className="whitespace-nowrap text-right tabular-nums">
                    {net(k.balance)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}

export default function StaffTrialBalance() {
  const { trial, agency, accounts } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Every movement of money is a transfer between two accounts of the journal, so total debits always
        equal total credits. The figures are the accounts&apos; running totals.
      </p>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Trial balance</CardTitle>
          <CardDescription>
            <BalanceVerdict trial={trial} />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Table>
            <caption className="sr-only">Totals per kind of account</caption>
            <TableHeader>
              <TableRow>
                <TableHead>Kind of account</TableHead>
                <TableHead className="text-right">Accounts</TableHead>
                <FigureHeads />
              </TableRow>
            </TableHeader>
            <TableBody>
              {trial.kinds.map((k) => (
                <TableRow key={k.kind}>
                  <TableCell>{k.label}</TableCell>
                  <TableCell className="text-right tabular-nums">{k.accounts}</TableCell>
                  <FigureCells f={k} />
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableHead scope="row">Total</TableHead>
                <TableCell className="text-right tabular-nums">{trial.total.accounts}</TableCell>
                <FigureCells f={trial.total} />
              </TableRow>
            </TableFooter>
          </Table>
        </CardContent>
      </Card>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Agency accounts">
        <div className="min-w-56 space-y-1">
          <Label htmlFor="agency_id">Accounts of one agency</Label>
          <AgencyPicker id="agency_id" name="agency_id" selected={agency} placeholder="Type an agency name" />
        </div>
        <Button type="submit">Show</Button>
      </Form>
      {agency && accounts ? <AgencyAccounts name={agency.name} accounts={accounts} /> : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
