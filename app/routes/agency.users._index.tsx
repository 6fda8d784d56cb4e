import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { UserPlus } from 'lucide-react'
import { DomainError, HTTP_STATUS } from '../../domain/shared/errors'
import { findAgencyUsers } from '../../domain/users/find-agency-users'
import { UserListQuerySchema } from '../../domain/users/users.schemas'
import { PageHeader } from '../components/app-shell'
import { DataTable, FilterBar } from '../components/data-table'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { StatusBadge } from '../components/status-badge'
import { buttonVariants } from '../components/ui/button'
import { Input } from '../components/ui/input'
import { Label } from '../components/ui/label'
import { Select } from '../components/ui/select'
import { formatDate } from '../utils/misc'
import { requireAgency } from '../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Users · Agency portal' }]

/** Search params minus blanks (an empty filter box means "no filter"). */
function listParams(request: Request) {
  const params: Record<string, string> = {}
  for (const [k, v] of new URL(request.url).searchParams) if (v.trim() !== '') params[k] = v
  return params
}

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, 'user_management')
  const parsed = UserListQuerySchema.safeParse(listParams(request))
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message ?? 'Bad filter', { status: 400 })
  const r = await findAgencyUsers({ actor, agencyId: actor.agencyId, ...parsed.data }).catch(
    (err: unknown) => {
      if (err instanceof DomainError) throw new Response(err.message, { status: HTTP_STATUS[err.code] })
      throw err
    },
  )
  return {
    users: r.items,
    pageInfo: r.pageInfo,
    query: parsed.data,
    me: actor.kind === 'agency_user' ? actor.userId : null,
  }
}

export default function AgencyUsers() {
  const { users, pageInfo, query, me } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <PageHeader
        title="Users"
        description="People at your agency who sign in to the portal, their roles and whether they may sign in."
        actions={
          <Link to="/agency/users/new" className={buttonVariants()}>
            <UserPlus aria-hidden="true" />
            New user
          </Link>
        }
      />
      <FilterBar label="Filter users">
        <div className="space-y-1">
          <Label htmlFor="global_filter">Name or e-mail</Label>
          <Input id="global_filter" name="global_filter" defaultValue={query.global_filter ?? ''} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="status">Status</Label>
          <Select id="status" name="status" defaultValue={query.status ?? ''}>
            <option value="">Any</option>
            <option value="ENABLED">Enabled</option>
            <option value="DISABLED">Disabled</option>
          </Select>
        </div>
      </FilterBar>
      <DataTable
        caption="Agency users"
        rows={users}
        pageInfo={pageInfo}
        sortKey={query.sort_key}
        sortDirection={query.sort_direction}
        getRowKey={(u) => u.id}
        emptyText="No users match. Create one to share the work."
        columns={[
          {
            key: 'first_name',
            header: 'First name',
            sortable: true,
            cell: (u) => (
              <Link to={`/agency/users/${u.id}`} className="font-medium text-primary hover:underline">
                {u.first_name}
                {u.id === me ? <span className="text-muted-foreground"> (you)</span> : null}
              </Link>
            ),
          },
          { key: 'last_name', header: 'Last name', sortable: true, cell: (u) => u.last_name },
          { key: 'email', header: 'E-mail', sortable: true, cell: (u) => u.email },
          { key: 'role', header: 'Role', cell: (u) => u.role?.name ?? '—' },
          { key: 'status', header: 'Status', sortable: true, cell: (u) => <StatusBadge status={u.status} /> },
          { key: 'created_at', header: 'Created', sortable: true, cell: (u) => formatDate(u.created_at) },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency" homeLabel="Back to the portal" />
}
