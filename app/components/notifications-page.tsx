import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { PageHeader } from './app-shell'
import { DataTable, type PageInfo } from './data-table'
import { IntentForm } from './forms'
import { Badge } from './ui/badge'
import { Button } from './ui/button'
import { formatDateTime } from '../utils/misc'
import { labelOf, NOTIFICATION_EVENT_LABELS } from '../utils/labels'

type Row = {
  id: number
  event_type: string
  title: string
  message: string
  link: string | null
  created_at: string | Date
  status: string
}
type Data = { items: Row[]; pageInfo: PageInfo; unread: number; query: { filter: string; sort: string } }

const FILTERS = [
  ['all', 'All'],
  ['unread', 'Unread'],
  ['read', 'Read'],
] as const

/** The notifications of the signed-in person (staff or agency): filters, open, mark, dismiss. */
export function NotificationsPage() {
  const { items, pageInfo, unread, query } = useLoaderData<Data>()
  const [params] = useSearchParams()
  const hrefWith = (k: string, v: string) => {
    const next = new URLSearchParams(params)
    next.set(k, v)
    next.delete('page')
    return `?${next.toString()}`
  }
  return (
    <div className="space-y-4">
      <PageHeader
        title="Notifications"
        description={unread === 0 ? 'Nothing unread.' : `${unread} unread.`}
        actions={
          <>
            <Link to="settings" relative="path" className="text-sm text-primary hover:underline">
              Mail settings
            </Link>
            {unread > 0 ? (
              <IntentForm intent="read-all">
                <Button type="submit" variant="outline">
                  Mark all read
                </Button>
              </IntentForm>
            ) : null}
          </>
        }
      />
      <nav aria-label="Show" className="flex flex-wrap gap-2 text-sm">
        {FILTERS.map(([value, label]) => (
          <Link
            key={value}
            to={hrefWith('filter', value)}
            aria-current={query.filter === value ? 'page' : undefined}
            className={`rounded-md border px-3 py-1 ${query.filter === value ? 'bg-primary text-primary-foreground' : 'hover:bg-muted'}`}
          >
            {label}
          </Link>
        ))}
        <Link
          to={hrefWith('sort', query.sort === 'asc' ? 'desc' : 'asc')}
          className="rounded-md px-3 py-1 underline"
        >
          {query.sort === 'asc' ? 'Oldest first' : 'Newest first'}
        </Link>
      </nav>
      <DataTable
        caption="Your notifications"
        getRowKey={(n) => n.id}
        rows={items}
        pageInfo={pageInfo}
        emptyText={query.filter === 'unread' ? 'No unread notifications.' : 'No notifications yet.'}
        columns={[
          {
            key: 'title',
            header: 'Notification',
            cell: (n: Row) => (
              <IntentForm intent="open" className="min-w-0">
                <p className="text-xs text-muted-foreground">
                  {labelOf(NOTIFICATION_EVENT_LABELS, n.event_type)}
                </p>
                <input type="hidden" name="notificationId" value={n.id} />
                {n.link ? <input type="hidden" name="link" value={n.link} /> : null}
                <button
                  type="submit"
                  className={`text-left hover:underline ${n.status === 'UNREAD' ? 'font-semibold' : ''}`}
                >
                  {n.title}
                </button>
                <p className="text-sm text-muted-foreground">{n.message}</p>
              </IntentForm>
            ),
          },
          {
            key: 'created_at',
            header: 'When',
            cell: (n: Row) => formatDateTime(n.created_at),
          },
          {
            key: 'status',
            header: 'Status',
            cell: (n: Row) =>
              n.status === 'UNREAD' ? <Badge>Unread</Badge> : <Badge variant="secondary">Read</Badge>,
          },
          {
            key: 'actions',
            header: 'Actions',
            action: true,
            cell: (n: Row) => (
              <div className="flex flex-wrap gap-2">
                <IntentForm intent={n.status === 'UNREAD' ? 'read' : 'unread'}>
                  <input type="hidden" name="notificationId" value={n.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    aria-label={`Mark "${n.title}" ${n.status === 'UNREAD' ? 'read' : 'unread'}`}
                  >
                    {n.status === 'UNREAD' ? 'Mark read' : 'Mark unread'}
                  </Button>
                </IntentForm>
                <IntentForm intent="dismiss">
                  <input type="hidden" name="notificationId" value={n.id} />
                  <Button type="submit" variant="ghost" size="sm" aria-label={`Dismiss "${n.title}"`}>
                    Dismiss
                  </Button>
                </IntentForm>
              </div>
            ),
          },
        ]}
      />
    </div>
  )
}
