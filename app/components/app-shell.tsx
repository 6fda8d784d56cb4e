import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import { LogOut, Menu, X, type LucideIcon } from 'lucide-react'
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
  /** Beside the user in the top bar (the notification bell). */
  headerActions?: React.ReactNode
}

export const MAIN_CONTENT_ID = 'main-content'
const MENU_ID = 'main-menu'

function NavLinks({ nav, onNavigate }: { nav: NavItem[]; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {nav.map((item) => {
        const Icon = item.icon
        return (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              prefetch="intent"
              onClick={onNavigate}
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
  )
}

function SignOut() {
  return (
    <div className="flex items-center gap-2">
      <Link to="/account/security" className="text-sm text-primary underline-offset-4 hover:underline">
        Sign-in security
      </Link>
      <Link to="/account/devices" className="text-sm text-primary underline-offset-4 hover:underline">
        Signed-in devices
      </Link>
      <Form method="post" action="/logout">
        <Button type="submit" variant="outline" size="sm">
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      </Form>
    </div>
  )
}

/**
 * The phone navigation: a Menu button (aria-expanded) opening a modal sheet with the links, the
 * user and sign-out. Focus moves into the sheet and stays there; Escape, the close button, the
 * backdrop or following a link close it and focus returns to the button.
 */
function MobileMenu({ nav, user }: { nav: NavItem[]; user: AppShellProps['user'] }) {
  const [open, setOpen] = React.useState(false)
  const buttonRef = React.useRef<HTMLButtonElement>(null)
  const sheetRef = React.useRef<HTMLDivElement>(null)
  const { pathname } = useLocation()

  const close = React.useCallback(() => {
    setOpen(false)
    buttonRef.current?.focus()
  }, [])

  // A navigation (back button, a link) closes the sheet.
  React.useEffect(() => setOpen(false), [pathname])

  React.useEffect(() => {
    if (!open) return
    const sheet = sheetRef.current
    const focusables = () =>
      Array.from(sheet?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [])
    ;(sheet?.querySelector<HTMLElement>('[aria-current="page"]') ?? focusables()[0])?.focus()
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault()
        close()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusables()
      if (!items.length) return
      const first = items[0]
      const last = items[items.length - 1]
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, close])

  return (
    <div className="md:hidden">
      <Button
        ref={buttonRef}
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={() => setOpen((o) => !o)}
      >
        <Menu aria-hidden="true" />
        Menu
      </Button>
      {open ? (
        <div className="fixed inset-0 z-40">
          <div className="absolute inset-0 bg-black/40" aria-hidden="true" onClick={close} />
          <div
            ref={sheetRef}
            id={MENU_ID}
            role="dialog"
            aria-modal="true"
            aria-label="Menu"
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-background p-4 shadow-lg"
          >
            <div className="flex items-center justify-between">
              <p className="text-sm font-semibold">Menu</p>
              <Button type="button" variant="ghost" size="icon" onClick={close} aria-label="Close the menu">
                <X aria-hidden="true" />
              </Button>
            </div>
            <nav aria-label="Main">
              <NavLinks nav={nav} onNavigate={close} />
            </nav>
            <div className="mt-auto space-y-3 border-t pt-4">
              <div className="min-w-0 leading-tight">
                <p className="truncate text-sm font-medium text-foreground">{user.name}</p>
                <p className="truncate text-xs text-muted-foreground">{user.email}</p>
              </div>
              <SignOut />
            </div>
          </div>
        </div>
      ) : null}
    </div>
  )
}

/**
 * Page chrome: skip link, sidebar navigation from md up (a Menu button and sheet on phones), top
 * bar with the user and a sign-out form (POST /logout, works without JavaScript), and the main
 * area with the page <h1>.
 */
export function AppShell({
  title,
  nav,
  user,
  children,
  badge,
  appName = 'OSHC Back Office',
  homeHref = '/',
  headerActions,
}: AppShellProps) {
  const brand = (
    <div className="flex min-w-0 items-center gap-2">
      <NavLink to={homeHref} end className="truncate text-base font-semibold tracking-tight text-foreground">
        {appName}
      </NavLink>
      {badge}
    </div>
  )
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <div className="hidden border-r bg-muted md:sticky md:top-0 md:flex md:h-screen md:w-64 md:shrink-0 md:flex-col">
        <div className="flex h-16 items-center px-4">{brand}</div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 pb-4">
          <NavLinks nav={nav} />
        </nav>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center justify-between gap-3 border-b bg-background px-4 md:h-16 md:justify-end md:px-6">
          <div className="flex min-w-0 items-center gap-3 md:hidden">
            <MobileMenu nav={nav} user={user} />
            {brand}
          </div>
          {headerActions ? <div className="flex shrink-0 items-center md:hidden">{headerActions}</div> : null}
          <div className="hidden min-w-0 items-center gap-4 md:flex">
            {headerActions}
            <div className="min-w-0 text-right leading-tight">
              <p className="truncate text-sm font-medium text-foreground">{user.name}</p>
              <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            </div>
            <SignOut />
          </div>
        </header>
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-6"
        >
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
