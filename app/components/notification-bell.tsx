import * as React from 'react'
import { Link, useFetcher } from '@remix-run/react'
import { Bell } from 'lucide-react'
import { formatDateTime } from '../utils/misc'
import { labelOf, NOTIFICATION_EVENT_LABELS } from '../utils/labels'
import { IntentForm } from './forms'

const POLL_MS = 30_000

type Latest = {
  id: number
  event_type: string
  title: string
  message: string
  link: string | null
  created_at: string
  status: string
}

/**
 * The bell: a button with the unread count, kept current without a reload by the server-sent
 * events of /notifications/stream (polled from the page's data when the stream fails). It opens
 * a menu of the five newest notifications (each opens its record and marks it read), "Mark all
 * read" and the full page.
 */
export function NotificationBell({ href, unread: initial }: { href: string; unread: number }) {
  const [unread, setUnread] = React.useState(initial)
  const [open, setOpen] = React.useState(false)
  const poll = useFetcher<{ unread: number }>()
  const latest = useFetcher<{ latest: Latest[]; unread: number }>()
  const root = React.useRef<HTMLDivElement>(null)
  const panelId = React.useId()
  React.useEffect(() => setUnread(initial), [initial])
  React.useEffect(() => {
    if (poll.data) setUnread(poll.data.unread)
  }, [poll.data])
  React.useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined
    const source = typeof EventSource === 'undefined' ? null : new EventSource('/notifications/stream')
    const startPolling = () => {
      timer ??= setInterval(() => poll.load(`${href}?count=1`), POLL_MS)
    }
    if (!source) startPolling()
    source?.addEventListener('unread', (e) => setUnread(JSON.parse((e as MessageEvent<string>).data).unread))
    source?.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) startPolling()
    })
    return () => {
      source?.close()
      clearInterval(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream per page, whatever the fetcher
  }, [href])
  // Escape or a click elsewhere closes the menu.
  React.useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    const onClick = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onClick)
    }
  }, [open])
  const toggle = () => {
    if (!open) latest.load(`${href}?latest=1`)
    setOpen(!open)
  }
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-unread={unread}
        className="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-foreground hover:bg-muted focus-visible:outline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -right-1 -top-1 min-w-[1.25rem] rounded-full bg-destructive px-1 text-center text-xs font-semibold leading-5 text-destructive-foreground"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Latest notifications"
          className="absolute right-0 z-50 mt-2 w-80 max-w-[90vw] rounded-md border bg-popover p-2 text-popover-foreground shadow-lg"
        >
          {latest.data ? (
            latest.data.latest.length ? (
              <ul className="divide-y">
                {latest.data.latest.map((n) => (
                  <li key={n.id}>
                    <IntentForm intent="open" action={href}>
                      <input type="hidden" name="notificationId" value={n.id} />
                      <input type="hidden" name="link" value={n.link ?? href} />
                      <button type="submit" className="w-full px-2 py-2 text-left text-sm hover:bg-muted">
                        <span className={n.status === 'UNREAD' ? 'font-semibold' : ''}>{n.title}</span>
                        {n.status === 'UNREAD' ? <span className="sr-only"> (unread)</span> : null}
                        <span className="line-clamp-2 block text-xs">{n.message}</span>
                        <span className="block text-xs text-muted-foreground">
                          {labelOf(NOTIFICATION_EVENT_LABELS, n.event_type)} · {formatDateTime(n.created_at)}
                        </span>
                      </button>
                    </IntentForm>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-2 py-2 text-sm text-muted-foreground">No notifications.</p>
            )
          ) : (
            <p className="px-2 py-2 text-sm text-muted-foreground">Loading…</p>
          )}
          <div className="mt-2 flex items-center justify-between gap-2 border-t px-2 pt-2 text-sm">
            <IntentForm intent="read-all" action={href}>
              <button type="submit" className="text-primary hover:underline" disabled={unread === 0}>
                Mark all read
              </button>
            </IntentForm>
            <Link to={href} className="text-primary hover:underline" onClick={() => setOpen(false)}>
              See all notifications
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  )
}
