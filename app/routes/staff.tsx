import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import {
  BadgePercent,
  Building2,
  Calculator,
  FileText,
  Inbox,
  KeyRound,
  Mail,
  Users,
  Wallet,
} from 'lucide-react'
import { AppShell } from '../components/app-shell'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { Badge } from '../components/ui/badge'
import { shellUser } from '../utils/layout.server'
import { requireStaff } from '../utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request)
  return {
    user: await shellUser(actor),
    permissions: [...actor.permissions],
    dev: process.env.NODE_ENV !== 'production',
  }
}

export default function StaffLayout() {
  const { user, permissions, dev } = useLoaderData<typeof loader>()
  const has = (p: string) => permissions.includes(p)
  const nav = [
    { to: '/staff/inbox', label: 'Approvals inbox', icon: Inbox },
    ...(has('agency_management') ? [{ to: '/staff/agencies', label: 'Agencies', icon: Building2 }] : []),
    ...(has('policy_management') || has('finance')
      ? [{ to: '/staff/policies', label: 'Policies', icon: FileText }]
      : []),
    ...(has('finance') ? [{ to: '/staff/finance', label: 'Finance', icon: Wallet }] : []),
    ...(has('quote') || has('policy_management')
      ? [{ to: '/staff/quotes', label: 'Quotes', icon: Calculator }]
      : []),
    ...(has('finance') ? [{ to: '/staff/pricing', label: 'Pricing and offers', icon: BadgePercent }] : []),
    ...(has('user_management')
      ? [
          { to: '/staff/users', label: 'Staff users', icon: Users },
          { to: '/staff/roles', label: 'Roles', icon: KeyRound },
        ]
      : []),
    ...(dev ? [{ to: '/dev/mail', label: 'Mail outbox', icon: Mail }] : []),
  ]
  return (
    <AppShell
      title="Staff"
      nav={nav}
      user={user}
      homeHref="/staff"
      badge={<Badge variant="secondary">Staff</Badge>}
    >
      <Outlet />
    </AppShell>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
