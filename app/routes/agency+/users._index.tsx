import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { findAgencyUsers } from '../../../domain/users/find-agency-users'
import { UserListQuerySchema } from '../../../domain/users/users.schemas'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { listParams, throwAsResponse } from '../../utils/forms.server'
import { UsersPage } from '../../components/users-table'
import { requireAgency } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Users · Agency portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, 'user_management')
  const parsed = UserListQuerySchema.safeParse(listParams(request))
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message ?? 'Bad filter', { status: 400 })
  const r = await findAgencyUsers({ actor, agencyId: actor.agencyId, ...parsed.data }).catch(throwAsResponse)
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
    <UsersPage
      title="Users"
      description="People at your agency who sign in to the portal, their roles and whether they may sign in."
      newUserHref="/agency/users/new"
      filterLabel="Filter users"
      caption="Agency users"
      tableId="agency-users"
      emptyText="No users match. Create one to share the work."
      userHref={(id) => `/agency/users/${id}`}
      users={users}
      pageInfo={pageInfo}
      query={query}
      me={me}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency" homeLabel="Back to the portal" />
}
