import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { UserListQuerySchema } from '../../../domain/users/users.schemas'
import { findAgencyUsers } from '../../../domain/users/find-agency-users'
import { requireAgencyPage } from '../../utils/agency-page.server'
import { DataTable } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { StatusBadge } from '../../components/status-badge'
import { listParams, throwAsResponse } from '../../utils/forms.server'
import { formatDate } from '../../utils/misc'

/** The agency's portal users, read-only: the agency manages them itself. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, agencyId } = await requireAgencyPage(request, params)
  // The use case also wants user management: without it this is a 403 (the tab is then hidden).
  const parsed = UserListQuerySchema.safeParse(listParams(request))
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message ?? 'Bad filter', { status: 400 })
  const r = await findAgencyUsers({ actor, agencyId, ...parsed.data }).catch(throwAsResponse)
  return { users: r.items, pageInfo: r.pageInfo, query: parsed.data }
}

export default function AgencyUsersTab() {
  const { users, pageInfo, query } = useLoaderData<typeof loader>()
  return (
    <DataTable
      tableId="staff-agency-users"
      caption="Users of the agency"
      rows={users}
      pageInfo={pageInfo}
      sortKey={query.sort_key}
      sortDirection={query.sort_direction}
      getRowKey={(u) => u.id}
      emptyText="The agency has no portal users yet."
      columns={[
        { key: 'first_name', header: 'First name', sortable: true, cell: (u) => u.first_name },
        { key: 'last_name', header: 'Last name', sortable: true, cell: (u) => u.last_name },
        { key: 'email', header: 'E-mail', sortable: true, cell: (u) => u.email },
        { key: 'role', header: 'Role', cell: (u) => u.role?.name ?? '—' },
        {
          key: 'status',
          header: 'Status',
          sortable: true,
          cell: (u) => <StatusBadge kind="user" status={u.status} />,
        },
        { key: 'created_at', header: 'Created', sortable: true, cell: (u) => formatDate(u.created_at) },
      ]}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/agencies" homeLabel="Back to agencies" />
}
