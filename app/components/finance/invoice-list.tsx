import { Link, useSearchParams } from '@remix-run/react'
import {
  directionLabel,
  INVOICE_STATUS_LABELS,
  INVOICE_TAB_LABELS,
  INVOICE_TYPE_LABELS,
  labelOf,
} from '../../utils/labels'
import { formatDate, formatMoney } from '../../utils/misc'
import {
  DataTable,
  FilterBar,
  SORT_DIRECTION_PARAM,
  SORT_KEY_PARAM,
  type DataTableColumn,
  type PageInfo,
} from '../data-table'
import { StatusBadge } from '../status-badge'
import { TabLinks, useListHref } from '../tab-links'
import { Input } from '../ui/input'
import { Label } from '../ui/label'
import { Select } from '../ui/select'
import { AgencySelect, PerPageSelect } from './list-fields'

export type InvoiceRow = {
  id: number
  invoice_type: string
  status: string
  pending_approval: boolean
  total_amount_due: number
  total_outstanding_amount: number
  invoice_date: string
  /** The policy a premium, amendment or refund invoice is for, with its student's name. */
  policy: { id: number; ref: string; student: string | null } | null
  /** Staff lists only: who is billed. */
  agency?: string
  from?: string
  to?: string
}

type Props = {
  /** /staff/finance/invoices or /agency/finance/invoices: the list and its invoices live under it. */
  base: '/staff/finance' | '/agency/finance'
  rows: InvoiceRow[]
  pageInfo: PageInfo
  sort: { key: string; direction: 'asc' | 'desc' }
  invoiceTab: string
  /** The invoice groups and types (the route passes the enums). */
  invoiceTabs: readonly string[]
  invoiceTypes: readonly string[]
  /** Staff filter by agency and choose the page size. */
  agencies?: { id: number; name: string }[]
  perPage?: string
}

/** Stored invoice statuses (the label map also names the unstored PENDING_APPROVAL group). */
const STATUSES = Object.keys(INVOICE_STATUS_LABELS).filter((st) => st !== 'PENDING_APPROVAL')

function DateFilter({ name, label }: { name: string; label: string }) {
  const [searchParams] = useSearchParams()
  return (
    <div className="space-y-1">
      <Label htmlFor={name}>{label}</Label>
      <Input id={name} name={name} type="date" defaultValue={searchParams.get(name) ?? ''} />
    </div>
  )
}

/** The invoices tab of both finance pages, grouped by `invoice_tab`. */
export function InvoiceList({
  base,
  rows,
  pageInfo,
  sort,
  invoiceTab,
  invoiceTabs,
  invoiceTypes,
  agencies,
  perPage,
}: Props) {
  const href = useListHref(`${base}/invoices`)
  const [searchParams] = useSearchParams()
  const staff = base === '/staff/finance'
  type Row = InvoiceRow
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'id',
      header: 'Invoice',
      cell: (i: Row) => (
        <Link to={`${base}/invoices/${i.id}`} className="font-medium text-primary hover:underline">
          #{i.id}
        </Link>
      ),
    },
    ...(staff ? [{ key: 'agency', header: 'Agency', cell: (i: Row) => i.agency }] : []),
    {
      key: 'invoice_type',
      header: 'Type',
      // Staff read who bills whom under the type (the Agency column names the agency): a column of
      // its own would push the list past 1366 px now that it names the policy and the student.
      cell: (i: Row) =>
        staff ? (
          <span className="flex flex-col">
            <span>{labelOf(INVOICE_TYPE_LABELS, i.invoice_type)}</span>
            <span className="text-xs text-muted-foreground">{directionLabel(i.from ?? '', i.to ?? '')}</span>
          </span>
        ) : (
          labelOf(INVOICE_TYPE_LABELS, i.invoice_type)
        ),
    },
    {
      key: 'policy',
      header: 'Policy',
      cell: (i: Row) =>
        i.policy ? (
          <Link
            to={`${staff ? '/staff' : '/agency'}/policies/${i.policy.id}`}
            className="whitespace-nowrap text-primary hover:underline"
          >
            {i.policy.ref}
          </Link>
        ) : (
          '—'
        ),
    },
    { key: 'student', header: 'Student', cell: (i: Row) => i.policy?.student ?? '—' },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      cell: (i: Row) => (
        <span className="flex flex-wrap gap-1">
          <StatusBadge kind="invoice" status={i.status} />
          {i.pending_approval ? <StatusBadge kind="invoice" status="PENDING_APPROVAL" /> : null}
        </span>
      ),
    },
    {
      key: 'total_amount_due',
      header: 'Total',
      sortable: true,
      className: 'text-right',
      cell: (i: Row) => formatMoney(i.total_amount_due),
    },
    {
      key: 'outstanding',
      header: 'Outstanding',
      className: 'text-right',
      cell: (i: Row) => formatMoney(i.total_outstanding_amount),
    },
    { key: 'invoice_date', header: 'Date', sortable: true, cell: (i: Row) => formatDate(i.invoice_date) },
  ]
  return (
    <div className="space-y-4">
      <TabLinks
        label="Invoice groups"
        items={invoiceTabs.map((t) => ({ value: t, label: labelOf(INVOICE_TAB_LABELS, t) }))}
        current={invoiceTab}
        href={(t) => href({ invoice_tab: t })}
      />
      <FilterBar
        preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM, 'invoice_tab']}
        label="Invoice filters"
      >
        <div className="space-y-1">
          <Label htmlFor="invoice_type">Type</Label>
          <Select id="invoice_type" name="invoice_type" defaultValue={searchParams.get('invoice_type') ?? ''}>
            <option value="">Any type</option>
            {invoiceTypes.map((t) => (
              <option key={t} value={t}>
                {labelOf(INVOICE_TYPE_LABELS, t)}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="status">Status</Label>
          <Select id="status" name="status" defaultValue={searchParams.get('status') ?? ''}>
            <option value="">Any status</option>
            {STATUSES.map((st) => (
              <option key={st} value={st}>
                {labelOf(INVOICE_STATUS_LABELS, st)}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="search">Search</Label>
          <Input
            id="search"
            name="search"
            type="search"
            placeholder="Invoice no., agency, notes"
            defaultValue={searchParams.get('search') ?? ''}
          />
        </div>
        {agencies ? <AgencySelect agencies={agencies} /> : null}
        <DateFilter name="start_date" label="Invoice date from" />
        <DateFilter name="end_date" label="Invoice date to" />
        {perPage ? <PerPageSelect value={perPage} /> : null}
      </FilterBar>
      <DataTable
        caption="Invoices"
        rows={rows}
        pageInfo={pageInfo}
        sortKey={sort.key}
        sortDirection={sort.direction}
        getRowKey={(i) => i.id}
        emptyText={staff ? 'No invoice matches these filters.' : 'No invoice in this group.'}
        columns={columns}
      />
    </div>
  )
}
