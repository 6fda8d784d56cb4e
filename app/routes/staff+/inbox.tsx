import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { claimTask } from '../../../domain/tasks/claim-task'
import { countTaskQueues } from '../../../domain/tasks/count-task-queues'
import { findTasks } from '../../../domain/tasks/find-tasks'
import {
  ClaimSchema,
  DeleteViewSchema,
  SaveViewSchema,
  TaskListQuerySchema,
} from '../../../domain/tasks/tasks.schemas'
import { deleteSavedView } from '../../../domain/tasks/delete-saved-view'
import { findSavedViews } from '../../../domain/tasks/find-saved-views'
import { saveView } from '../../../domain/tasks/save-view'
import { queryObject } from '../../../api/router.server'
import { PageHeader } from '../../components/app-shell'
import { DataTable, FilterBar } from '../../components/data-table'
import { ClaimForm } from '../../components/inbox/claim-form'
import { SavedViews } from '../../components/inbox/saved-views'
import { TaskQueues } from '../../components/inbox/task-queues'
import { Badge } from '../../components/ui/badge'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select } from '../../components/ui/select'
import { formatAge, formatDateTime, formatCents } from '../../utils/misc'
import { labelOf, STAFF_TASK_KINDS, TASK_KIND_LABELS, TASK_OUTCOME_LABELS } from '../../utils/labels'
import { requireStaff } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { readForm, submitForm } from '../../utils/forms.server'
import { decideInBulk } from '../../../domain/finance/bulk/decide-in-bulk'
import { BULK_KINDS, BulkDecisionSchema } from '../../../domain/finance/bulk/bulk-decisions.schemas'
import {
  BulkCheckbox,
  BulkDecisionBar,
  BULK_FORM_ID,
  type BulkAnswer,
} from '../../components/finance/bulk-decisions'

export const meta: MetaFunction = () => [{ title: 'Approvals inbox · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request)
  const parsed = TaskListQuerySchema.safeParse(queryObject(new URL(request.url)))
  if (!parsed.success) throw new Response('Bad filter', { status: 400 })
  const [r, queues, views] = await Promise.all([
    findTasks({ actor, input: parsed.data }),
    countTaskQueues({ actor }),
    findSavedViews({ actor, page: VIEWS_OF }),
  ])
  // Ages are worked out here, once: the browser's clock must not change the markup it hydrates.
  const now = new Date()
  return data({
    tasks: r.items.map((t) => ({
      ...t,
      age: formatAge(t.opened_at, t.closed_at ?? now),
      overdueBy: t.is_overdue && t.due_at ? formatAge(t.due_at, now) : null,
      mine: t.assignee_id === actor.identityId,
      // The record a bulk decision takes: the number ending the task's process key (topup-12).
      record_id: isBulkKind(t.kind) ? Number(/-(\d+)$/.exec(t.workflow_id)?.[1] ?? 0) : null,
    })),
    pageInfo: r.pageInfo,
    query: parsed.data,
    queues,
    views,
  })
}

/** The list the inbox's saved views belong to. */
const VIEWS_OF = 'staff-inbox'

const isBulkKind = (kind: string | undefined) => (BULK_KINDS as readonly string[]).includes(kind ?? '')

/**
 * Claim or release a task (back to the same list with a toast); a refusal answers on its row. Or
 * decide the ticked tasks of one kind in bulk (decideInBulk): the answer lists each one's result.
 * Or save the filters shown as a view of the person's own, or delete one.
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireStaff(request)
  const formData = await readForm(request)
  const intent = formData.get('intent')
  if (intent === 'save-view')
    return submitForm(formData, SaveViewSchema, async (v) => {
      await saveView({ actor, page: VIEWS_OF, name: v.name, query: v.query })
      return redirectWithToast(`/staff/inbox${v.query ? `?${v.query}` : ''}`, {
        title: `View saved: ${v.name}`,
        type: 'success',
      })
    })
  if (intent === 'delete-view')
    return submitForm(formData, DeleteViewSchema, async (v) => {
      const gone = await deleteSavedView({ actor, viewId: v.viewId })
      return redirectWithToast(request.url, { title: `View deleted: ${gone.name}`, type: 'success' })
    })
  if (intent === BULK_FORM_ID)
    return submitForm(formData, BulkDecisionSchema, async (input) => ({
      bulk: await decideInBulk({ actor, input }),
    }))
  return submitForm(formData, ClaimSchema, async (v) => {
    await claimTask({ actor, taskId: v.taskId, release: v.intent === 'release' })
    return redirectWithToast(request.url, {
      title: v.intent === 'claim' ? 'Task claimed' : 'Task released',
      type: 'success',
    })
  })
}

export default function Inbox() {
  const { tasks, pageInfo, query, queues, views } = useLoaderData<typeof loader>()
  const answer = (useActionData<typeof action>() as { bulk?: BulkAnswer } | undefined)?.bulk ?? null
  const bulk = isBulkKind(query.kind) && query.state === 'open' ? query.kind! : null
  return (
    <div className="space-y-4">
      <PageHeader
        title="Approvals inbox"
        description="Decisions waiting for staff, due first: open one to see its evidence and decide it."
      />
      <TaskQueues queues={queues} current={query.kind ?? null} />
      {/* Keyed by the query: a saved view or a queue opened here shows its own filters. */}
      <FilterBar key={JSON.stringify(query)}>
        <div className="space-y-1">
          <Label htmlFor="state">State</Label>
          <Select id="state" name="state" defaultValue={query.state}>
            <option value="open">Open</option>
            <option value="closed">Closed</option>
            <option value="all">All</option>
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="kind">Kind</Label>
          <Select id="kind" name="kind" defaultValue={query.kind ?? ''}>
            <option value="">Any</option>
            {STAFF_TASK_KINDS.map((k) => (
              <option key={k} value={k}>
                {TASK_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="search">Agency or subject</Label>
          <Input id="search" name="search" defaultValue={query.search ?? ''} />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="mine" value="true" defaultChecked={!!query.mine} /> Claimed by me
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="overdue" value="true" defaultChecked={!!query.overdue} /> Overdue
        </label>
      </FilterBar>
      <SavedViews views={views} schema={SaveViewSchema} path="/staff/inbox" />
      {bulk ? <BulkDecisionBar schema={BulkDecisionSchema} kind={bulk} answer={answer} /> : null}
      <DataTable
        rows={tasks}
        pageInfo={pageInfo}
        sortKey={query.sort_key}
        sortDirection={query.sort_direction}
        getRowKey={(t) => t.id}
        emptyText="Nothing is waiting for a decision."
        caption="Tasks"
        cards
        columns={[
          {
            key: 'kind',
            header: 'Task',
            sortable: true,
            className: 'min-w-[16rem]',
            // In bulk, the row's checkbox sits in its Task cell (a first column of its own would
            // stay sticky and cover the task on a narrow screen).
            cell: (t) =>
              bulk && t.record_id && !t.closed_at ? (
                <div className="flex items-start gap-2">
                  <BulkCheckbox id={t.record_id} subject={t.subject} />
                  <TaskTitle t={t} />
                </div>
              ) : (
                <TaskTitle t={t} />
              ),
          },
          { key: 'agency', header: 'Agency', cell: (t) => t.agency_name ?? t.agency_email ?? '—' },
          {
            key: 'amount',
            header: 'Amount',
            className: 'text-right whitespace-nowrap',
            cell: (t) => formatCents(t.amount),
          },
          {
            key: 'due_at',
            header: 'Due',
            sortable: true,
            cell: (t) => <TaskDue t={t} />,
          },
          {
            key: 'claim',
            header: 'Owner',
            action: true,
            cell: (t) => <TaskOwner t={t} />,
          },
        ]}
      />
    </div>
  )
}

type Task = ReturnType<typeof useLoaderData<typeof loader>>['tasks'][number]

/** The task's kind and its subject, a link to its task view (evidence, trail and decision). */
function TaskTitle({ t }: { t: Task }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge variant="outline">{labelOf(TASK_KIND_LABELS, t.kind)}</Badge>
      <Link to={`/staff/inbox/${t.id}`} className="font-medium text-primary hover:underline">
        {t.subject}
      </Link>
    </div>
  )
}

/** When the task is due (and how late), with its age beneath. */
function TaskDue({ t }: { t: Task }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <span className="whitespace-nowrap">{t.due_at ? formatDateTime(t.due_at) : '—'}</span>
      {t.overdueBy ? <Badge variant="danger">Overdue by {t.overdueBy}</Badge> : null}
      {t.is_due_today ? <Badge variant="warning">Due today</Badge> : null}
      {t.escalated_at ? <Badge variant="warning">Escalated</Badge> : null}
      <time
        dateTime={String(t.opened_at)}
        title={`Opened ${formatDateTime(t.opened_at)}`}
        className="whitespace-nowrap text-xs text-muted-foreground"
      >
        Opened {t.age} ago
      </time>
    </div>
  )
}

/** Who owns the task: its outcome once closed, else the claim form. */
function TaskOwner({ t }: { t: Task }) {
  return t.closed_at ? (
    <span>
      {labelOf(TASK_OUTCOME_LABELS, t.outcome ?? 'closed')}
      {t.assignee_name ? (
        <span className="block text-xs text-muted-foreground">{t.assignee_name}</span>
      ) : null}
    </span>
  ) : (
    <ClaimForm schema={ClaimSchema} t={t} />
  )
}
