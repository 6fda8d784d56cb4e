import * as React from 'react'
import { Link } from '@remix-run/react'

import type { PolicyDetailView } from '../utils/policy-list.server'
import { formatDate, formatDateTime } from '../utils/misc'
import {
  FILE_TYPE_LABELS,
  INVOICE_TYPE_LABELS,
  labelOf,
  PAYMENT_METHOD_LABELS,
  RELATIONSHIP_LABELS,
} from '../utils/labels'
import { PolicyStatusBadge } from './policy-list'
import { StatusBadge } from './status-badge'
import { Timeline } from './timeline'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card'

function Rows({ rows }: { rows: [string, string | null][] }) {
  return (
    <dl className="divide-y">
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-3 gap-2 py-1.5 text-sm">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="col-span-2 break-words">{value === null || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Status line of a policy: machine status, working status, archive flag. */
export function PolicyStatusLine({ policy }: { policy: PolicyDetailView }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <PolicyStatusBadge status={policy.status} label={policy.status_label} />
      {policy.user_defined_status ? (
        <StatusBadge kind="workingStatus" status={policy.user_defined_status} />
      ) : null}
      {policy.is_archived ? <span className="text-sm text-muted-foreground">Archived</span> : null}
    </span>
  )
}

/**
 * The read-only sections of a policy: student, partner and dependants, cover and premium,
 * payments and invoices, certificates (with `certificateActions` per row) and the timeline.
 */
export function PolicySections({
  policy,
  certificateActions,
  certificate,
  invoiceBase,
}: {
  policy: PolicyDetailView
  /** Where this portal's invoice pages live: each invoice named links to its page. */
  invoiceBase: '/staff/finance/invoices' | '/agency/finance/invoices'
  certificateActions?: (c: PolicyDetailView['certificates'][number]) => React.ReactNode
  /** The certificate's state and what this side reads of it (certificate-state.ts, the one source). */
  certificate: { state: string; text: string }
}) {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h3">Student</CardTitle>
        </CardHeader>
        <CardContent>
          <Rows rows={policy.student} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Cover and premium</CardTitle>
        </CardHeader>
        <CardContent>
          <Rows rows={policy.cover} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Partner and dependants</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {policy.partner ? (
            <section aria-label="Partner">
              <h4 className="mb-1 text-sm font-semibold">Partner</h4>
              <Rows rows={policy.partner} />
            </section>
          ) : (
            <p className="text-sm text-muted-foreground">No partner on this policy.</p>
          )}
          {policy.dependants.length ? (
            <section aria-label="Dependants">
              <h4 className="mb-1 text-sm font-semibold">Dependants</h4>
              <ul className="divide-y text-sm">
                {policy.dependants.map((m) => (
                  <li key={m.id} className="py-1.5">
                    {m.name}
                    <span className="text-muted-foreground">
                      {m.relationship ? ` · ${labelOf(RELATIONSHIP_LABELS, m.relationship)}` : ''}
                      {m.dob ? ` · born ${formatDate(m.dob)}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <p className="text-sm text-muted-foreground">No dependants on this policy.</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Payment</CardTitle>
          <CardDescription>Premium payments and invoices of this policy.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {policy.payments.length ? (
            <ul className="divide-y text-sm">
              {policy.payments.map((x) => (
                <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                  <span>
                    {labelOf(PAYMENT_METHOD_LABELS, x.payment_type)} · {x.amount} ·{' '}
                    {formatDateTime(x.created_at)}
                    {x.rejection_reason ? (
                      <span className="block text-muted-foreground">Rejected: {x.rejection_reason}</span>
                    ) : null}
                  </span>
                  <StatusBadge kind="payment" status={x.status} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No payment yet.</p>
          )}
          {policy.invoices.length ? (
            <section aria-label="Invoices">
              <h4 className="mb-1 text-sm font-semibold">Invoices</h4>
              <ul className="divide-y text-sm">
                {policy.invoices.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                    <span>
                      <Link to={`${invoiceBase}/${i.id}`} className="text-primary hover:underline">
                        {labelOf(INVOICE_TYPE_LABELS, i.invoice_type)} invoice #{i.id}
                      </Link>{' '}
                      · {i.total}
                      {i.status !== 'PAID' && i.status !== 'CANCELLED'
                        ? ` · ${i.outstanding} outstanding`
                        : ''}
                    </span>
                    <StatusBadge kind="invoice" status={i.status} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {policy.files.length ? (
            <section aria-label="Documents">
              <h4 className="mb-1 text-sm font-semibold">Documents</h4>
              <ul className="divide-y text-sm">
                {policy.files.map((f) => (
                  <li key={f.id} className="py-1.5">
                    {f.name}{' '}
                    <span className="text-muted-foreground">· {labelOf(FILE_TYPE_LABELS, f.file_type)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Certificates</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          <p className="text-sm text-muted-foreground" data-certificate-state={certificate.state}>
            {certificate.text}
          </p>
          {policy.certificates.length ? (
            <ul className="divide-y text-sm">
              {policy.certificates.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <span className="font-medium">{c.certificate_name}</span>{' '}
                    <span className="text-muted-foreground">
                      ({c.certificate_type === 'new' ? 'current' : 'replaced'}) · membership{' '}
                      {c.membership_number}
                      {c.issued_at ? ` · issued ${formatDateTime(c.issued_at)}` : ' · not issued'}
                    </span>
                  </span>
                  {certificateActions ? certificateActions(c) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">History</CardTitle>
        </CardHeader>
        <CardContent>
          <Timeline items={policy.timeline} />
        </CardContent>
      </Card>
    </div>
  )
}
