import { Link } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import type { SerializedInvoice } from '../utils/invoice.server'
import { formatDate, formatMoney } from '../utils/misc'
import { directionLabel, INVOICE_TYPE_LABELS, labelOf, LINE_ITEM_TYPE_LABELS } from '../utils/labels'
import { PageHeader } from './app-shell'
import { DownloadLink } from './download-link'
import { StatusBadge } from './status-badge'
import { Card, CardContent, CardHeader, CardTitle } from './ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table'

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="col-span-2 break-words">{children === null || children === '' ? '—' : children}</dd>
    </div>
  )
}

/** An invoice's summary and line items; the page adds its payments, actions and history as children. */
export function InvoiceDetail({
  invoice,
  backHref,
  pdfHref,
  policyBase,
  payoutBase,
  children,
}: {
  invoice: SerializedInvoice
  backHref: string
  /** This portal's policy pages (`/staff/policies`, `/agency/policies`): line items link to them. */
  policyBase: '/staff/policies' | '/agency/policies'
  /** This portal's payout pages, where it has them: the payout the invoice bills links there. */
  payoutBase?: '/staff/finance/payouts' | '/agency/finance/payouts'
  /** The invoice's PDF download (the portal's `…/invoices/<id>/pdf`). */
  pdfHref?: string
  children?: ReactNode
}) {
  return (
    <div className="space-y-6">
      <Link to={backHref} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All invoices
      </Link>
      <PageHeader
        title={`Invoice #${invoice.id}`}
        actions={pdfHref ? <DownloadLink href={pdfHref}>Download PDF</DownloadLink> : null}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge kind="invoice" status={invoice.status} />
            {invoice.pending_approval ? <StatusBadge kind="invoice" status="PENDING_APPROVAL" /> : null}
            <span>
              {labelOf(INVOICE_TYPE_LABELS, invoice.invoice_type)} invoice for{' '}
              {invoice.agency.name ?? invoice.agency.email}
            </span>
          </span>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle as="h3">Summary</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <Detail label="Agency">{invoice.agency.name ?? invoice.agency.email}</Detail>
            <Detail label="Billed">
              {directionLabel(invoice.from, invoice.to, invoice.agency.name ?? invoice.agency.email)}
            </Detail>
            <Detail label="Invoice date">{formatDate(invoice.invoice_date)}</Detail>
            <Detail label="Due date">{invoice.due_date ? formatDate(invoice.due_date) : null}</Detail>
            <Detail label="Sub-total">{formatMoney(invoice.sub_total)}</Detail>
            <Detail label="Tax (included)">{formatMoney(invoice.tax_total)}</Detail>
            <Detail label="Total due">{formatMoney(invoice.total_amount_due)}</Detail>
            <Detail label="Outstanding">{formatMoney(invoice.total_outstanding_amount)}</Detail>
            {invoice.total_amount_owed > 0 ? (
              <Detail label="Over-paid (credited to balance)">
                {formatMoney(invoice.total_amount_owed)}
              </Detail>
            ) : null}
            {payoutBase && invoice.payout_id !== null ? (
              <Detail label="Commission payout">
                <Link to={`${payoutBase}/${invoice.payout_id}`} className="text-primary hover:underline">
                  Payout #{invoice.payout_id}
                </Link>
              </Detail>
            ) : null}
            <Detail label="Notes">{invoice.notes}</Detail>
            <Detail label="Cancellation reason">{invoice.cancellation_reasons}</Detail>
          </dl>
        </CardContent>
      </Card>
      <section aria-labelledby="line-items" className="space-y-2">
        <h3 id="line-items" className="text-lg font-semibold">
          Line items
        </h3>
        <div className="rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Description</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Policy</TableHead>
                <TableHead>Paid by and to</TableHead>
                <TableHead className="text-right">Tax</TableHead>
                <TableHead className="text-right">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invoice.line_items.map((li) => (
                <TableRow key={li.id}>
                  <TableCell>{li.description}</TableCell>
                  <TableCell>{labelOf(LINE_ITEM_TYPE_LABELS, li.line_item_type)}</TableCell>
                  <TableCell>
                    {li.policy_id !== null && li.policy_ref ? (
                      <Link to={`${policyBase}/${li.policy_id}`} className="text-primary hover:underline">
                        {li.policy_ref}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>
                    {directionLabel(li.payer, li.receiver, invoice.agency.name ?? invoice.agency.email)}
                  </TableCell>
                  <TableCell className="text-right">{formatMoney(li.tax_amount)}</TableCell>
                  <TableCell className="text-right">{formatMoney(li.total_amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </section>
      {children}
    </div>
  )
}
