import { Link } from '@remix-run/react'
import { labelOf, TASK_KIND_LABELS } from '../../utils/labels'
import { cn } from '../../utils/cn'
import { Badge } from '../ui/badge'

type Queue = { kind: string; open: number; overdue: number; due_today: number }

/**
 * The inbox's queues: a link per kind with its open tasks, overdue (red) and due later today
 * (amber) counted, so the late work is seen before a list is opened.
 */
export function TaskQueues({ queues, current }: { queues: Queue[]; current: string | null }) {
  if (!queues.length) return null
  return (
    <nav aria-label="Queues" className="flex flex-wrap gap-2">
      {queues.map((q) => (
        <Link
          key={q.kind}
          to={`/staff/inbox?kind=${encodeURIComponent(q.kind)}`}
          aria-current={q.kind === current ? 'page' : undefined}
          className={cn(
            'flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm hover:bg-muted',
            q.kind === current && 'border-primary bg-muted',
          )}
        >
          <span className="font-medium">{labelOf(TASK_KIND_LABELS, q.kind)}</span>
          <span className="tabular-nums">{q.open}</span>
          {q.overdue ? <Badge variant="danger">{q.overdue} overdue</Badge> : null}
          {q.due_today ? <Badge variant="warning">{q.due_today} due today</Badge> : null}
        </Link>
      ))}
    </nav>
  )
}
