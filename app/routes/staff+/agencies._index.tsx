import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { UserPlus } from 'lucide-react'
import { queryObject } from '../../../api/router.server'
import { STATUS_GROUPS } from '../../../domain/agencies/agencies.rules'
import { AgencyListQuerySchema } from '../../../domain/agencies/agencies.schemas'
import { findAgencies } from '../../../domain/agencies/reads/find-agencies'
import { findCountries } from '../../../domain/reference/find-countries'
import { PageQuerySchema, SortDirectionSchema } from '../../../domain/shared/pagination'
import { PageHeader } from '../../components/app-shell'
import {
  DataTable,
  ExportLinks,
  FilterBar,
  SORT_DIRECTION_PARAM,
  SORT_KEY_PARAM,
} from '../../components/data-table'
import { StatusBadge } from '../../components/status-badge'
import { buttonVariants } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select } from '../../components/ui/select'
import { cn } from '../../utils/cn'
import { formatDateTime } from '../../utils/misc'
import { CREATION_TYPE_LABELS, labelOf } from '../../utils/labels'
import { requireAccess } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Agencies · OSHC Back Office' }]

const CREATION_TYPES = ['SELF_SIGNUP', 'INVITATION', 'REFERRAL'] as const
const PER_PAGE = [10, 25, 50, 100]

/** The agenciesByStatus query of the API, read from the page URL. */
const ListQuerySchema = AgencyListQuerySchema.extend({ sort_direction: SortDirectionSchema }).merge(
  PageQuerySchema,
)

/** A GET form sends untouched inputs as empty strings: they mean "no filter". */
function withoutEmpty(query: Record<string, string | string[]>) {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== '')),
  )
}

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findAgencies.access)
  const parsed = ListQuerySchema.safeParse(withoutEmpty(queryObject(new URL(request.url))))
  if (!parsed.success) {
    throw new Response(parsed.error.issues[0]?.message ?? 'Invalid filter', { status: 400 })
  }
  const query = parsed.data
  const [list, countries] = await Promise.all([findAgencies({ actor, ...query }), findCountries()])
  const selected = [...query.status].sort().join(',')
  const tabs = [
    ...Object.entries(STATUS_GROUPS).map(([label, statuses]) => ({
      label,
      status: statuses.join(','),
      active: selected !== '' && [...statuses].sort().join(',') === selected,
    })),
    { label: 'All', status: '', active: selected === '' },
  ]
  return {
    tabs,
    rows: list.items.map((a) => ({
      id: a.id,
      full_company_name: a.full_company_name,
      email: a.email,
      country: a.country?.name ?? null,
      status: a.status,
      creation_type: a.creation_type,
      created_at: a.created_at.toISOString(),
    })),
    pageInfo: list.pageInfo,
    countries: countries.map((c) => ({ id: c.id, name: c.name })),
    query: {
      sort_key: query.sort_key,
      sort_direction: query.sort_direction === 'asc' ? ('asc' as const) : ('desc' as const),
      global_filter: query.global_filter ?? '',
      country_filter: query.country_filter[0] ? String(query.country_filter[0]) : '',
      creation_type_filter: query.creation_type_filter[0] ?? '',
      start_date_filter: query.start_date_filter ?? '',
      end_date_filter: query.end_date_filter ?? '',
      perPage: String(query.perPage),
    },
  }
}

export default function AgenciesList() {
  const { tabs, rows, pageInfo, countries, query } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()

  function tabHref(status: string) {
    const next = new URLSearchParams(searchParams)
    next.delete('page')
    if (status) next.set('status', status)
    else next.delete('status')
    const search = next.toString()
    return search ? `/staff/agencies?${search}` : '/staff/agencies'
  }

  return (
    <div className="space-y-4">
      <PageHeader
        title="Agencies"
        description="Every agency by onboarding status. Open an agency to configure it, send its agreement or activate its portal."
        actions={
          <>
            <ExportLinks href="/staff/agencies/export" />
            <Link to="/staff/agencies/invite" className={buttonVariants({ size: 'sm' })}>
              <UserPlus aria-hidden="true" />
              Invite an agency
            </Link>
          </>
        }
      />
      <nav aria-label="Status groups">
        <ul className="flex flex-wrap gap-1 border-b">
          {tabs.map((t) => (
            <li key={t.label}>
              <Link
                to={tabHref(t.status)}
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
      <FilterBar preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM, 'status']} label="Agency filters">
        <div className="space-y-1">
          <Label htmlFor="global_filter">Search</Label>
          <Input
            id="global_filter"
            name="global_filter"
            type="search"
            placeholder="Company, e-mail, contact or phone"
            defaultValue={query.global_filter}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="country_filter">Country</Label>
          <Select id="country_filter" name="country_filter" defaultValue={query.country_filter}>
            <option value="">Any country</option>
            {countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="creation_type_filter">Creation type</Label>
          <Select
            id="creation_type_filter"
            name="creation_type_filter"
            defaultValue={query.creation_type_filter}
          >
            <option value="">Any</option>
            {CREATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {labelOf(CREATION_TYPE_LABELS, t)}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="start_date_filter">Created from</Label>
          <Input
            id="start_date_filter"
            name="start_date_filter"
            type="date"
            defaultValue={query.start_date_filter}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="end_date_filter">Created to</Label>
          <Input
            id="end_date_filter"
            name="end_date_filter"
            type="date"
            defaultValue={query.end_date_filter}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="perPage">Rows per page</Label>
          <Select id="perPage" name="perPage" defaultValue={query.perPage}>
            {PER_PAGE.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </div>
      </FilterBar>
      <DataTable
        caption="Agencies"
        tableId="staff-agencies"
        rows={rows}
        pageInfo={pageInfo}
        sortKey={query.sort_key}
        sortDirection={query.sort_direction}
        getRowKey={(a) => a.id}
        emptyText="No agency matches these filters."
        columns={[
          {
            key: 'full_company_name',
            header: 'Company',
            sortable: true,
            cell: (a) => (
              <Link to={`/staff/agencies/${a.id}`} className="font-medium text-primary hover:underline">
                {a.full_company_name ?? a.email}
              </Link>
            ),
          },
          { key: 'email', header: 'E-mail', sortable: true, cell: (a) => a.email },
          { key: 'country', header: 'Country', cell: (a) => a.country ?? '—' },
          {
            key: 'status',
            header: 'Status',
            sortable: true,
            cell: (a) => <StatusBadge kind="agency" status={a.status} />,
          },
          {
            key: 'creation_type',
            header: 'Creation type',
            cell: (a) => labelOf(CREATION_TYPE_LABELS, a.creation_type),
          },
          { key: 'created_at', header: 'Created', sortable: true, cell: (a) => formatDateTime(a.created_at) },
        ]}
      />
    </div>
  )
}
