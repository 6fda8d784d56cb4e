import { Link } from '@remix-run/react'
import { UserPlus } from 'lucide-react'

import { formatDate, type DateInput } from '../utils/misc'
import { PageHeader } from './app-shell'
import { DataTable, FilterBar, type PageInfo, type SortDirection } from './data-table'
import { StatusBadge } from './status-badge'
import { buttonVariants } from './ui/button'
import { Input } from './ui/input'
import { Label } from './ui/label'
import { Select } from './ui/select'

/** One row of a user list (staff or agency users), as the list loaders return it. */
export interface UserListRow {
  id: number
  first_name: string
  last_name: string
  email: string
  role: { name: string | null } | null
  status: string
  created_at: DateInput
}

/** The list filters the loader parsed (UserListQuerySchema): what the filter form and sorting show. */
export interface UserListQuery {
  global_filter?: string
  status?: string
  sort_key?: string
  sort_direction?: SortDirection
}

export interface UsersTableProps {
  users: UserListRow[]
  pageInfo: PageInfo
  query: UserListQuery
  /** The signed-in user's id, marked "(you)"; null when the viewer is not one of these users. */
  me: number | null
  /** Where a user's name links to (their edit page). */
  userHref: (id: number) => string
  /** Accessible caption of the table. */
  caption: string
  /** Names the table for its column chooser, remembered per browser (e.g. 'staff-users'). */
  tableId: string
  emptyText: string
}

/** The user list: name (linking to the user), e-mail, role, status and creation date; sortable server-side. */
export function UsersTable({
  users,
  pageInfo,
  query,
  me,
  userHref,
  caption,
  emptyText,
  tableId,
}: UsersTableProps) {
  return (
    <DataTable
      tableId={tableId}
      caption={caption}
      rows={users}
      pageInfo={pageInfo}
      sortKey={query.sort_key}
      sortDirection={query.sort_direction}
      getRowKey={(u) => u.id}
      emptyText={emptyText}
      columns={[
        {
          key: 'first_name',
          header: 'First name',
          sortable: true,
          cell: (u) => (
            <Link to={userHref(u.id)} className="font-medium text-primary hover:underline">
              {u.first_name}
              {u.id === me ? <span className="text-muted-foreground"> (you)</span> : null}
            </Link>
          ),
        },
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

/** GET filter form of a user list: name or e-mail, and status. */
export function UsersFilter({ label, query }: { label: string; query: UserListQuery }) {
  return (
    <FilterBar label={label}>
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
  )
}

export interface UsersPageProps extends UsersTableProps {
  title: string
  description: string
  /** Target of the "New user" button. */
  newUserHref: string
  /** Accessible name of the filter form. */
  filterLabel: string
  /** Settings of the portal's people, shown under the list. */
  children?: React.ReactNode
}

/** A user-management list screen: header with "New user", the filters and the table. */
export function UsersPage({
  title,
  description,
  newUserHref,
  filterLabel,
  children,
  ...table
}: UsersPageProps) {
  return (
    <div className="space-y-4">
      <PageHeader
        title={title}
        description={description}
        actions={
          <Link to={newUserHref} className={buttonVariants()}>
            <UserPlus aria-hidden="true" />
            New user
          </Link>
        }
      />
      <UsersFilter label={filterLabel} query={table.query} />
      <UsersTable {...table} />
      {children}
    </div>
  )
}
