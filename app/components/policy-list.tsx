import { Link, useSearchParams } from '@remix-run/react'
import * as React from 'react'

import { cn } from '../utils/cn'
import { formatDate, formatDateTime, formatMoney } from '../utils/misc'
import { labelOf, POLICY_TYPE_LABELS, USER_DEFINED_STATUS_LABELS } from '../utils/labels'
import {
  DataTable,
  ExportLinks,
  FilterBar,
  SORT_DIRECTION_PARAM,
  SORT_KEY_PARAM,
  type PageInfo,
} from './data-table'
import { statusTone } from './status-badge'
import { AgencyPicker } from './agency-picker'
import { Badge } from './ui/badge'
import { Input } from './ui/input'
import { Label } from './ui/label'
import { Select } from './ui/select'

/** One policy row as the agency and staff lists render it (dates as ISO text). */
export interface PolicyListRowView {
  id: number
  ref: string
  status: string
  status_label: string
  policy_type: string | null
  start_date: string | null
  end_date: string | null
  premium: number | null
  created_at: string
  user_defined_status: string | null
  customer: { name: string; email: string | null }
  provider: { id: number; display_name: string } | null
  agency: { id: number; name: string | null; email: string }
}

export interface PolicyTab {
  label: string
  /** Query to apply (`status` comma list, `archived`), '' for all. */
  href: string
  active: boolean
}

export interface PolicyListQueryView {
  sort_key: string
  sort_direction: 'asc' | 'desc'
  global_filter: string
  provider_filter: string
  policy_type_filter: string
  start_date_from: string
  start_date_to: string
  agency_filter: string
  perPage: string
}

const POLICY_TYPES = Object.keys(POLICY_TYPE_LABELS)
const PER_PAGE = [10, 25, 50, 100]

/** A policy status with its label (the enum decides the colour). */
export function PolicyStatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge variant={statusTone(status)} data-status={status}>
      {label}
    </Badge>
  )
}

/** Tabs by status group, the filter bar, the sortable paged table and export links. */
export function PolicyList({
  basePath,
  exportHref,
  tabs,
  rows,
  pageInfo,
  query,
  providers,
  staffView,
  agencyFilter,
  caption,
}: {
  basePath: string
  exportHref: string
  tabs: PolicyTab[]
  rows: PolicyListRowView[]
  pageInfo: PageInfo
  query: PolicyListQueryView
  providers: { id: number; name: string }[]
  /** Staff only: the agency filter and column; `agencyFilter` is the agency filtered on. */
  staffView?: boolean
  agencyFilter?: { id: number; name: string } | null
  caption: string
}) {
  const [searchParams] = useSearchParams()
  function tabHref(extra: string) {
    const next = new URLSearchParams(searchParams)
    for (const k of ['page', 'status', 'archived']) next.delete(k)
    for (const [k, v] of new URLSearchParams(extra)) next.set(k, v)
    const search = next.toString()
    return search ? `${basePath}?${search}` : basePath
  }
  const columns = [
    {
      key: 'ref',
      header: 'Policy',
      sortable: true,
      cell: (p: PolicyListRowView) => (
        <Link to={`${basePath}/${p.id}`} className="font-medium text-primary hover:underline">
          {p.ref}
        </Link>
      ),
    },
    {
      key: 'customer_name',
      header: 'Student',
      sortable: true,
      cell: (p: PolicyListRowView) => (
        <div className="min-w-0">
          <p>{p.customer.name}</p>
          {p.customer.email ? <p className="text-xs text-muted-foreground">{p.customer.email}</p> : null}
        </div>
      ),
    },
    ...(staffView
      ? [
          {
            key: 'agency',
            header: 'Agency',
            cell: (p: PolicyListRowView) => p.agency.name ?? p.agency.email,
          },
        ]
      : []),
    { key: 'provider', header: 'Insurer', cell: (p: PolicyListRowView) => p.provider?.display_name ?? '—' },
    {
      key: 'policy_type',
      header: 'Type',
      cell: (p: PolicyListRowView) => labelOf(POLICY_TYPE_LABELS, p.policy_type) || '—',
    },
    {
      key: 'start_date',
      header: 'Cover',
      sortable: true,
      cell: (p: PolicyListRowView) =>
        p.start_date ? `${formatDate(p.start_date)} – ${formatDate(p.end_date)}` : '—',
    },
    {
      key: 'premium',
      header: 'Premium',
      sortable: true,
      className: 'text-right',
      cell: (p: PolicyListRowView) => formatMoney(p.premium),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (p: PolicyListRowView) => (
        <div className="flex flex-col items-start gap-1">
          <PolicyStatusBadge status={p.status} label={p.status_label} />
          {p.user_defined_status ? (
            <span className="text-xs text-muted-foreground">
              {labelOf(USER_DEFINED_STATUS_LABELS, p.user_defined_status)}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'created_at',
      header: 'Created',
      sortable: true,
      cell: (p: PolicyListRowView) => formatDateTime(p.created_at),
    },
  ]
  return (
    <div className="space-y-4">
      <nav aria-label="Policy status groups">
        <ul className="flex flex-wrap gap-1 border-b">
          {tabs.map((t) => (
            <li key={t.label}>
              <Link
                to={tabHref(t.href)}
                aria-current={t.active ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium',
                  t.active
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex justify-end">
        <ExportLinks href={exportHref} />
      </div>
      <FilterBar
        preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM, 'status', 'archived']}
        label="Policy filters"
      >
        <FilterField id="global_filter" label="Search">
          <Input
            id="global_filter"
            name="global_filter"
            type="search"
            placeholder="Ref, student, e-mail or passport"
            defaultValue={query.global_filter}
          />
        </FilterField>
        {staffView ? (
          <FilterField id="agency_filter" label="Agency">
            <AgencyPicker id="agency_filter" name="agency_filter" selected={agencyFilter ?? null} />
          </FilterField>
        ) : null}
        <FilterField id="provider_filter" label="Insurer">
          <Select id="provider_filter" name="provider_filter" defaultValue={query.provider_filter}>
            <option value="">Any insurer</option>
            {providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField id="policy_type_filter" label="Type">
          <Select id="policy_type_filter" name="policy_type_filter" defaultValue={query.policy_type_filter}>
            <option value="">Any type</option>
            {POLICY_TYPES.map((t) => (
              <option key={t} value={t}>
                {labelOf(POLICY_TYPE_LABELS, t)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField id="start_date_from" label="Cover starts from">
          <Input
            id="start_date_from"
            name="start_date_from"
            type="date"
            defaultValue={query.start_date_from}
          />
        </FilterField>
        <FilterField id="start_date_to" label="Cover starts by">
          <Input id="start_date_to" name="start_date_to" type="date" defaultValue={query.start_date_to} />
        </FilterField>
        <FilterField id="perPage" label="Rows per page">
          <Select id="perPage" name="perPage" defaultValue={query.perPage}>
            {PER_PAGE.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </FilterField>
      </FilterBar>
      <DataTable
        tableId={basePath}
        caption={caption}
        rows={rows}
        pageInfo={pageInfo}
        sortKey={query.sort_key}
        sortDirection={query.sort_direction}
        getRowKey={(p) => p.id}
        emptyText="No policy matches these filters."
        columns={columns}
      />
    </div>
  )
}

function FilterField({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  )
}
