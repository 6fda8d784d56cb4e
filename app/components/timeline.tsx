import { cn } from '../utils/cn'
import { formatDateTime, toIsoString } from '../utils/misc'

export interface TimelineItem {
  id: string
  title: string
  at: string | Date
  actor?: string | null
  note?: string | null
}

function timeOf(value: string | Date): number {
  const t = (value instanceof Date ? value : new Date(value)).getTime()
  return Number.isNaN(t) ? 0 : t
}

/** Vertical event list, oldest first / newest last. Dates in en-AU, Sydney time. */
export function Timeline({
  items,
  className,
  emptyText = 'No activity yet.',
}: {
  items: TimelineItem[]
  className?: string
  emptyText?: string
}) {
  if (items.length === 0) {
    return <p className={cn('text-sm text-muted-foreground', className)}>{emptyText}</p>
  }
  const sorted = [...items].sort((a, b) => timeOf(a.at) - timeOf(b.at))
  return (
    <ol className={cn('relative space-y-6 border-l border-border pl-6', className)}>
      {sorted.map((item) => (
        <li key={item.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute -left-[1.84rem] top-1.5 h-3 w-3 rounded-full border-2 border-background bg-primary"
          />
          <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
            <p className="font-medium text-foreground">{item.title}</p>
            <time dateTime={toIsoString(item.at)} className="shrink-0 text-sm text-muted-foreground">
              {formatDateTime(item.at)}
            </time>
          </div>
          {item.actor ? <p className="text-sm text-muted-foreground">by {item.actor}</p> : null}
          {item.note ? <p className="mt-1 whitespace-pre-line text-sm text-foreground">{item.note}</p> : null}
        </li>
      ))}
    </ol>
  )
}
