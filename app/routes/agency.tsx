import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { Home, KeyRound, Users } from 'lucide-react'
import { AppShell } from '../components/app-shell'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { Badge } from '../components/ui/badge'
import { shellUser } from '../utils/layout.server'
import { requireAgency } from '../utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  return { user: await shellUser(actor), canManageUsers: actor.permissions.has('user_management') }
}

export default function AgencyLayout() {
  const { user, canManageUsers } = useLoaderData<typeof loader>()
  const nav = [
    { to: '/agency', label: 'Home', icon: Home, end: true },
    ...(canManageUsers
      ? [
          { to: '/agency/users', label: 'Users', icon: Users },
          { to: '/agency/roles', label: 'Roles', icon: KeyRound },
        ]
      : []),
  ]
  return (
    <AppShell
      title="Agency portal"
      nav={nav}
      user={user}
      homeHref="/agency"
      badge={<Badge variant="secondary">Agency</Badge>}
    >
      <Outlet />
    </AppShell>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
