import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { findOshcUsers } from '../../../domain/users/find-oshc-users'
import { UserListQuerySchema } from '../../../domain/users/users.schemas'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { listParams, throwAsResponse } from '../../utils/forms.server'
import { UsersPage } from '../../components/users-table'
import { requireAccess } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Staff users · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findOshcUsers.access)
  const parsed = UserListQuerySchema.safeParse(listParams(request))
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message ?? 'Bad filter', { status: 400 })
  const r = await findOshcUsers({ actor, ...parsed.data }).catch(throwAsResponse)
  return { users: r.items, pageInfo: r.pageInfo, query: parsed.data, me: actor.userId }
}

export default function StaffUsers() {
  const { users, pageInfo, query, me } = useLoaderData<typeof loader>()
  return (
    <UsersPage
      title="Staff users"
      description="People at the provider who sign in to the back office, their roles and whether they may sign in."
      newUserHref="/staff/users/new"
      filterLabel="Filter staff users"
      caption="Staff users"
      tableId="staff-users"
      emptyText="No staff users match."
      userHref={(id) => `/staff/users/${id}`}
      users={users}
      pageInfo={pageInfo}
      query={query}
      me={me}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff" homeLabel="Back to the back office" />
}
