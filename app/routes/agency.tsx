import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { Calculator, FileText, Home, KeyRound, Users, Wallet } from 'lucide-react'
import { AppShell } from '../components/app-shell'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { Badge } from '../components/ui/badge'
import { shellUser } from '../utils/layout.server'
import { requireAgency } from '../utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  return { user: await shellUser(actor), permissions: [...actor.permissions] }
}

export default function AgencyLayout() {
  const { user, permissions } = useLoaderData<typeof loader>()
  const has = (p: string) => permissions.includes(p)
  const nav = [
    { to: '/agency', label: 'Home', icon: Home, end: true },
    ...(has('quote') ? [{ to: '/agency/quotes', label: 'Quotes', icon: Calculator }] : []),
    { to: '/agency/policies', label: 'Policies', icon: FileText },
    ...(has('finance') || has('purchase') ? [{ to: '/agency/finance', label: 'Finance', icon: Wallet }] : []),
    ...(has('user_management')
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
