import { Form, NavLink } from '@remix-run/react'
import { LogOut, type LucideIcon } from 'lucide-react'
import * as React from 'react'

import { cn } from '../utils/cn'
import { Button } from './ui/button'

export interface NavItem {
  to: string
  label: string
  icon?: LucideIcon
  /** Only active on an exact match (use for index/dashboard links such as '/admin'). */
  end?: boolean
}

export interface AppShellProps {
  title: string
  nav: NavItem[]
  user: { name: string; email: string }
  children: React.ReactNode
  /** Shown next to the product name, e.g. <Badge>Admin</Badge>. */
  badge?: React.ReactNode
  /** Product name in the sidebar. */
  appName?: string
  /** Where the product name links to. */
  homeHref?: string
}

export const MAIN_CONTENT_ID = 'main-content'

/**
 * Page chrome: skip link, sidebar navigation (a horizontal strip below md), top bar with the user and
 * a sign-out form (POST /logout, works without JavaScript), and the main area with the page <h1>.
 */
export function AppShell({
  title,
  nav,
  user,
  children,
  badge,
  appName = 'OSHC Back Office',
  homeHref = '/',
}: AppShellProps) {
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <div className="border-b bg-muted md:sticky md:top-0 md:flex md:h-screen md:w-64 md:shrink-0 md:flex-col md:border-b-0 md:border-r">
        <div className="flex h-14 items-center gap-2 px-4 md:h-16">
          <NavLink to={homeHref} end className="text-base font-semibold tracking-tight text-foreground">
            {appName}
          </NavLink>
          {badge}
        </div>
        <nav aria-label="Main" className="overflow-x-auto px-2 pb-2 md:flex-1 md:overflow-y-auto md:pb-4">
          <ul className="flex gap-1 md:flex-col">
            {nav.map((item) => {
              const Icon = item.icon
              return (
                <li key={item.to} className="shrink-0">
                  <NavLink
                    to={item.to}
                    end={item.end}
                    prefetch="intent"
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        isActive
                          ? 'bg-primary text-primary-foreground'
                          : 'text-foreground hover:bg-accent hover:text-accent-foreground',
                      )
                    }
                  >
                    {Icon ? <Icon className="h-4 w-4 shrink-0" aria-hidden="true" /> : null}
                    {item.label}
                  </NavLink>
                </li>
              )
            })}
          </ul>
        </nav>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center justify-end gap-4 border-b bg-background px-4 md:h-16 md:px-6">
          <div className="min-w-0 text-right leading-tight">
            <p className="truncate text-sm font-medium text-foreground">{user.name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
          <Form method="post" action="/logout">
            <Button type="submit" variant="outline" size="sm">
              <LogOut aria-hidden="true" />
              Sign out
            </Button>
          </Form>
        </header>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none md:px-6">
          <h1 className="mb-6 text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
          {children}
        </main>
      </div>
    </div>
  )
}

export interface PageHeaderProps {
  title: string
  description?: React.ReactNode
  actions?: React.ReactNode
  /** Heading level; h2 by default because AppShell already renders the page <h1>. */
  as?: 'h1' | 'h2'
  className?: string
}

/** Section header with optional description and right-aligned actions (buttons/links). */
export function PageHeader({ title, description, actions, as: Heading = 'h2', className }: PageHeaderProps) {
  return (
    <div className={cn('mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between', className)}>
      <div className="min-w-0 space-y-1">
        <Heading className="text-xl font-semibold tracking-tight text-foreground">{title}</Heading>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  )
}
