import { Link } from '@remix-run/react'
import {
  BadgePercent,
  Building2,
  Calculator,
  FilePenLine,
  FileText,
  Globe,
  Home,
  Inbox,
  KeyRound,
  LayoutDashboard,
  Mail,
  Megaphone,
  ShieldCheck,
  GraduationCap,
  MessageSquare,
  Users,
  Wallet,
} from 'lucide-react'
import type * as React from 'react'

import { AppShell, type NavItem } from './app-shell'
import { Badge } from './ui/badge'
import { NotificationBell } from './notification-bell'

/** What a portal's chrome needs: who is signed in, what they may open (from the layout loader). */
export interface ShellData {
  portal: 'staff' | 'agency'
  user: { name: string; email: string }
  permissions: string[]
  dev: boolean
  /** The signed-in person's unread notifications (the bell). */
  unread: number
}

/** The staff navigation: one entry per area the member's permissions open. */
export function staffNav(permissions: readonly string[], dev: boolean): NavItem[] {
  const has = (p: string) => permissions.includes(p)
  return [
    { to: '/staff/dashboard', label: 'Dashboard', icon: LayoutDashboard },
    { to: '/staff/inbox', label: 'Approvals inbox', icon: Inbox },
    ...(has('agency_management') ? [{ to: '/staff/agencies', label: 'Agencies', icon: Building2 }] : []),
    ...(has('agency_management')
      ? [
          { to: '/staff/widget-clients', label: 'Website clients', icon: Globe },
          { to: '/staff/promotions', label: 'Promotions', icon: Megaphone },
        ]
      : []),
    ...(has('policy_management') || has('finance')
      ? [{ to: '/staff/policies', label: 'Policies', icon: FileText }]
      : []),
    ...(has('policy_management') || has('finance')
      ? [{ to: '/staff/policies/amendments', label: 'Amendments', icon: FilePenLine }]
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
          { to: '/staff/security-log', label: 'Security log', icon: ShieldCheck },
        ]
      : []),
    { to: '/staff/feedback', label: 'Feedback', icon: MessageSquare },
    { to: '/staff/admission', label: 'Student admission', icon: GraduationCap },
    ...(dev ? [{ to: '/dev/mail', label: 'Mail outbox', icon: Mail }] : []),
  ]
}

/** The agency navigation: one entry per area the agency user's permissions open. */
export function agencyNav(permissions: readonly string[]): NavItem[] {
  const has = (p: string) => permissions.includes(p)
  return [
    { to: '/agency', label: 'Home', icon: Home, end: true },
    ...(has('quote') ? [{ to: '/agency/quotes', label: 'Quotes', icon: Calculator }] : []),
    { to: '/agency/policies', label: 'Policies', icon: FileText },
    { to: '/agency/promotions', label: 'Promotions', icon: Megaphone },
    { to: '/agency/feedback', label: 'Feedback', icon: MessageSquare },
    { to: '/agency/admission', label: 'Student admission', icon: GraduationCap },
    ...(has('finance') || has('purchase') ? [{ to: '/agency/finance', label: 'Finance', icon: Wallet }] : []),
    ...(has('user_management')
      ? [
          { to: '/agency/users', label: 'Users', icon: Users },
          { to: '/agency/roles', label: 'Roles', icon: KeyRound },
          { to: '/agency/widget', label: 'Website widget', icon: Globe },
        ]
      : []),
  ]
}

/** The staff or agency chrome around `children`. */
export function PortalShell({ shell, children }: { shell: ShellData; children: React.ReactNode }) {
  return shell.portal === 'staff' ? (
    <AppShell
      title="Staff"
      nav={staffNav(shell.permissions, shell.dev)}
      user={shell.user}
      homeHref="/staff"
      badge={<Badge variant="secondary">Staff</Badge>}
      headerActions={<NotificationBell href="/staff/notifications" unread={shell.unread} />}
    >
      {children}
    </AppShell>
  ) : (
    <AppShell
      title="Agency portal"
      nav={agencyNav(shell.permissions)}
      user={shell.user}
      homeHref="/agency"
      badge={<Badge variant="secondary">Agency</Badge>}
      headerActions={<NotificationBell href="/agency/notifications" unread={shell.unread} />}
    >
      {children}
    </AppShell>
  )
}

/** The page of a signed-out visitor or a failed layout: the brand and the message, no navigation. */
export function BrandedPage({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-muted">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-5xl items-center px-4">
          <Link to="/" className="text-base font-semibold tracking-tight text-foreground">
            OSHC Back Office
          </Link>
        </div>
      </header>
      <main id="main-content" className="mx-auto max-w-5xl px-4 py-8">
        {children}
      </main>
    </div>
  )
}
