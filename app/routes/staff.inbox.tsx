import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { claimTask, findTasks } from '../../domain/tasks/tasks'
import { TaskListQuerySchema } from '../../domain/tasks/tasks.schemas'
import { queryObject } from '../../api/router.server'
import { PageHeader } from '../components/app-shell'
import { DataTable, FilterBar } from '../components/data-table'
import { Badge } from '../components/ui/badge'
import { Button } from '../components/ui/button'
import { Input } from '../components/ui/input'
import { Label } from '../components/ui/label'
import { Select } from '../components/ui/select'
import { formatDateTime, humanize } from '../utils/misc'
import { requireStaff } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'
import { DomainError } from '../../domain/shared/errors'
import { readForm } from '../utils/forms.server'
import { id } from '../../domain/shared/fields'

export const meta: MetaFunction = () => [{ title: 'Approvals inbox · OSHC Back Office' }]

const KINDS = ['AGENCY_CONFIGURATION', 'AGENCY_AGREEMENT', 'AGENCY_ACTIVATION']

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request)
  const parsed = TaskListQuerySchema.safeParse(queryObject(new URL(request.url)))
  if (!parsed.success) throw new Response('Bad filter', { status: 400 })
  const r = await findTasks({ actor, input: parsed.data })
  const now = Date.now()
  return data({
    tasks: r.items.map((t) => ({
      ...t,
      ageHours: Math.floor((now - new Date(t.opened_at).getTime()) / 3_600_000),
      mine: t.assignee_id === actor.identityId,
    })),
    pageInfo: r.pageInfo,
    query: parsed.data,
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireStaff(request)
  const submission = parseWithZod(await readForm(request), {
    schema: z.object({ taskId: id(), intent: z.enum(['claim', 'release']) }),
  })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  try {
    await claimTask({
      actor,
      taskId: submission.value.taskId,
      release: submission.value.intent === 'release',
    })
  } catch (err) {
    if (err instanceof DomainError)
      return redirectWithToast(request.url, { title: err.message, type: 'error' })
    throw err
  }
  return redirectWithToast(request.url, {
    title: submission.value.intent === 'claim' ? 'Task claimed' : 'Task released',
    type: 'success',
  })
}

export default function Inbox() {
  const { tasks, pageInfo, query } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <PageHeader
        title="Approvals inbox"
        description="Decisions waiting for staff: claim one, then open it to act."
      />
      <FilterBar>
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
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {humanize(k)}
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
      <DataTable
        rows={tasks}
        pageInfo={pageInfo}
        sortKey={query.sort_key}
        sortDirection={query.sort_direction}
        getRowKey={(t) => t.id}
        emptyText="Nothing is waiting for a decision."
        columns={[
          {
            key: 'kind',
            header: 'Kind',
            sortable: true,
            cell: (t) => <Badge variant="outline">{humanize(t.kind)}</Badge>,
          },
          {
            key: 'subject',
            header: 'Task',
            cell: (t) => (
              <Link to={t.link} className="font-medium text-primary hover:underline">
                {t.subject}
              </Link>
            ),
          },
          { key: 'agency', header: 'Agency', cell: (t) => t.agency_name ?? t.agency_email ?? '—' },
          {
            key: 'opened_at',
            header: 'Age',
            sortable: true,
            cell: (t) => (t.ageHours < 24 ? `${t.ageHours} h` : `${Math.floor(t.ageHours / 24)} d`),
          },
          {
            key: 'due_at',
            header: 'Due',
            sortable: true,
            cell: (t) => (
              <span
                className={
                  t.due_at && new Date(t.due_at).getTime() < Date.now() && !t.closed_at
                    ? 'font-medium text-destructive'
                    : ''
                }
              >
                {t.due_at ? formatDateTime(t.due_at) : '—'}
                {t.escalated_at ? ' · escalated' : ''}
              </span>
            ),
          },
          {
            key: 'claim',
            header: 'Owner',
            cell: (t) =>
              t.closed_at ? (
                humanize(t.outcome ?? 'closed')
              ) : (
                <Form method="post">
                  <input type="hidden" name="taskId" value={t.id} />
                  {t.mine ? (
                    <Button type="submit" name="intent" value="release" size="sm" variant="outline">
                      Release
                    </Button>
                  ) : t.assignee_id ? (
                    'Claimed'
                  ) : (
                    <Button type="submit" name="intent" value="claim" size="sm" variant="outline">
                      Claim
                    </Button>
                  )}
                </Form>
              ),
          },
        ]}
      />
    </div>
  )
}
