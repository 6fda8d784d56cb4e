import { Link } from '@remix-run/react'
import { formatCents, formatDateTime } from '../../utils/misc'
import { Badge, type BadgeProps } from '../ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table'

/** The records a journal transfer names (its own columns), so a trail can link to them. */
export type TrailRecords = {
  policy_id: number | null
  invoice_id: number | null
  payout_id: number | null
  refund_id: number | null
  clawback_id: number | null
  amendment_id: number | null
}

/** One journal transfer as the money trail shows it (labelled by the loader, amounts in cents). */
export type MoneyTrailLine = TrailRecords & {
  id: number
  created_at: string
  decided_at: string | null
  label: string
  state: string
  state_label: string
  amount: number
  from_label: string
  to_label: string
  actor_name: string
  note: string | null
  approver: string | null
}

/**
 * Links to the records a transfer names, on the viewer's portal: its invoice, its payout, and its
 * refund, clawback or amendment at the policy page's section (the staff clawback has its own page).
 */
export function TrailRecordLinks({ line, portal }: { line: TrailRecords; portal: 'staff' | 'agency' }) {
  const policy = line.policy_id ? `/${portal}/policies/${line.policy_id}` : null
  const links: { to: string; text: string }[] = []
  if (line.invoice_id)
    links.push({ to: `/${portal}/finance/invoices/${line.invoice_id}`, text: `Invoice #${line.invoice_id}` })
  if (line.payout_id)
    links.push({ to: `/${portal}/finance/payouts/${line.payout_id}`, text: `Payout #${line.payout_id}` })
  if (policy && line.refund_id) links.push({ to: `${policy}#refund`, text: 'Refund' })
  if (policy && line.clawback_id)
    links.push({
      to: portal === 'staff' ? `${policy}/clawback` : `${policy}#clawback`,
      text: `Clawback #${line.clawback_id}`,
    })
  if (policy && line.amendment_id)
    links.push({ to: `${policy}/amendment`, text: `Amendment #${line.amendment_id}` })
  if (!links.length) return null
  return (
    <span className="mt-1 flex flex-wrap gap-x-3 text-xs">
      {links.map((l) => (
        <Link key={l.text} to={l.to} className="text-primary hover:underline">
          {l.text}
        </Link>
      ))}
    </span>
  )
}

const STATE_TONES: Record<string, NonNullable<BadgeProps['variant']>> = {
  POSTED: 'success',
  PENDING: 'warning',
  VOIDED: 'neutral',
}

/** A transfer's state as a badge: posted, awaiting approval, voided. */
export function TransferStateBadge({ state, label }: { state: string; label: string }) {
  return (
    <Badge variant={STATE_TONES[state] ?? 'info'} data-status={state}>
      {label}
    </Badge>
  )
}

/**
 * The policy's money trail: every journal transfer linked to the policy, oldest first, with what
 * it was, from which account to which, the amount and its state; a pending transfer says who may
 * approve it. Each links the invoice, payout, refund, clawback or amendment it names on `portal`.
 */
export function MoneyTrailSection({
  lines,
  portal,
}: {
  lines: MoneyTrailLine[]
  portal: 'staff' | 'agency'
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Money trail</CardTitle>
        <CardDescription>Every movement of money for this policy, oldest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {lines.length ? (
          <Table>
            <caption className="sr-only">Money movements of this policy, oldest first</caption>
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>What</TableHead>
                <TableHead>From → to</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>State</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {lines.map((l) => (
                <TableRow key={l.id}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(l.created_at)}</TableCell>
                  <TableCell>
                    {l.label}
                    {l.note ? <span className="block text-muted-foreground">{l.note}</span> : null}
                    <TrailRecordLinks line={l} portal={portal} />
                  </TableCell>
                  <TableCell>
                    {l.from_label} → {l.to_label}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">
                    {formatCents(l.amount)}
                  </TableCell>
                  <TableCell>
                    <TransferStateBadge state={l.state} label={l.state_label} />
                    {l.approver ? (
                      <span className="mt-1 block text-xs text-muted-foreground">{l.approver}</span>
                    ) : l.decided_at && l.decided_at !== l.created_at ? (
                      <span className="mt-1 block text-xs text-muted-foreground">
                        {formatDateTime(l.decided_at)}
                      </span>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <p className="text-sm text-muted-foreground">No money has moved for this policy yet.</p>
        )}
      </CardContent>
    </Card>
  )
}
