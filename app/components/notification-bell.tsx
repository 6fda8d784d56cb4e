import * as React from 'react'
import { Link, useFetcher } from '@remix-run/react'
import { Bell } from 'lucide-react'

const POLL_MS = 30_000

/**
 * The bell: a link to the notifications page with the unread count, kept current without a
 * reload by the server-sent events of /notifications/stream; when the stream fails the count is
 * polled from the page's data instead.
 */
export function NotificationBell({ href, unread: initial }: { href: string; unread: number }) {
  const [unread, setUnread] = React.useState(initial)
  const poll = useFetcher<{ unread: number }>()
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
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`
  return (
    <Link
      to={href}
      aria-label={label}
      title={label}
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
    </Link>
  )
}
