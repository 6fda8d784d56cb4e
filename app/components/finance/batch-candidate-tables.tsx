// The payout batch builder's tables of what a batch pays beside payouts (issue 25): full refunds
// approved to be paid by a batch, and approved insurer remittances. Each row is a checkbox of the
// build form (CreatePayoutBatchSchema's refund_ids and remittance_ids).
import { Link } from '@remix-run/react'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table'
import { formatCents, formatDate } from '../../utils/misc'

type Remittance = {
  id: number
  insurer: string
  month_label: string
  amount_cents: number
  bsb: string
  account_name: string
  account_number_masked: string
}

export type RefundCandidate = {
  refund_id: number
  policy_id: number
  policy_ref: string
  agency_name: string | null
  amount_cents: number
  approved_at: string
  bsb: string | null
  account_name: string | null
  account_number_masked: string | null
  issue: string | null
}

export function RemittanceCandidates({ remittances, name }: { remittances: Remittance[]; name: string }) {
  return (
    <Table aria-label="Approved insurer remittances">
      <TableHeader>
        <TableRow>
          <TableHead className="w-12">Pay</TableHead>
          <TableHead>Remittance</TableHead>
          <TableHead>Insurer</TableHead>
          <TableHead>Account</TableHead>
          <TableHead>Month</TableHead>
          <TableHead className="text-right">Amount</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {remittances.length ? (
          remittances.map((r) => (
            <TableRow key={r.id}>
              <TableCell>
                <input
                  type="checkbox"
                  name={name}
                  value={r.id}
                  aria-label={`Pay remittance #${r.id} to ${r.insurer}`}
                  className="size-4"
                />
              </TableCell>
              <TableCell>
                <Link className="underline" to={`/staff/finance/remittances/${r.id}`}>
                  #{r.id}
                </Link>
              </TableCell>
              <TableCell>{r.insurer}</TableCell>
              <TableCell>
                {r.account_name} · BSB {r.bsb} · {r.account_number_masked}
              </TableCell>
              <TableCell>{r.month_label}</TableCell>
              <TableCell className="text-right">{formatCents(r.amount_cents)}</TableCell>
            </TableRow>
          ))
        ) : (
          <TableRow>
            <TableCell colSpan={6}>No approved insurer remittance is waiting outside a batch.</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  )
}

/** Full refunds approved to be paid in a batch, each to its agency's verified account. */
export function RefundCandidates({ refunds, name }: { refunds: RefundCandidate[]; name: string }) {
  return (
    <Table aria-label="Full refunds to pay by bank file">
      <TableHeader>
        <TableRow>
          <TableHead className="w-12">Pay</TableHead>
          <TableHead>Refund</TableHead>
          <TableHead>Agency</TableHead>
          <TableHead>Account</TableHead>
          <TableHead>Approved</TableHead>
          <TableHead className="text-right">Amount</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {refunds.length ? (
          refunds.map((r) => (
            <TableRow key={r.refund_id}>
              <TableCell>
                <input
                  type="checkbox"
                  name={name}
                  value={r.refund_id}
                  disabled={!!r.issue}
                  aria-label={`Pay full refund #${r.refund_id} of ${r.policy_ref}`}
                  className="size-4"
                />
              </TableCell>
              <TableCell>
                <Link className="underline" to={`/staff/policies/${r.policy_id}`}>
                  {r.policy_ref}
                </Link>
              </TableCell>
              <TableCell>{r.agency_name}</TableCell>
              <TableCell>
                {r.issue ? (
                  <span className="text-destructive">{r.issue}</span>
                ) : (
                  `${r.account_name} · BSB ${r.bsb} · ${r.account_number_masked}`
                )}
              </TableCell>
              <TableCell>{formatDate(r.approved_at)}</TableCell>
              <TableCell className="text-right">{formatCents(r.amount_cents)}</TableCell>
            </TableRow>
          ))
        ) : (
          <TableRow>
            <TableCell colSpan={6}>No full refund is waiting for a batch.</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  )
}
