import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import pdfViewerCss from 'pdfjs-dist/web/pdf_viewer.css?url'
import { STAFF_AMENDMENT_FORMS } from '../../../../domain/amendments/amendments.schemas'
import { getAmendmentOverview } from '../../../../domain/amendments/get-amendment-overview'
import { STAFF_REFUND_FORMS } from '../../../../domain/refunds/refunds.schemas'
import type { StaffActor } from '../../../../domain/shared/actor'
import { parseId } from '../../../../domain/shared/fields'
import { claimTask } from '../../../../domain/tasks/claim-task'
import { decideTask } from '../../../../domain/tasks/decide-task'
import { getTaskView } from '../../../../domain/tasks/get-task-view'
import { ClaimSchema } from '../../../../domain/tasks/tasks.schemas'
import { PageHeader } from '../../../components/app-shell'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { ClaimForm } from '../../../components/inbox/claim-form'
import { TaskEvidence, TaskHistory, TaskTrail } from '../../../components/inbox/task-record'
import { StaffAmendmentDecision } from '../../../components/policies/amendment-staff-forms'
import { RefundStaffDecisions } from '../../../components/policies/refund-staff-decisions'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { formatAge, formatDateTime, formatCents } from '../../../utils/misc'
import { labelOf, TASK_KIND_LABELS, TASK_OUTCOME_LABELS } from '../../../utils/labels'
import { readForm, submitForm } from '../../../utils/forms.server'
import { staffRefundData } from '../../../utils/refunds.server'
import { requireStaff } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { TaskDecision } from './task-decision'
import { TaskDecisionSchema } from './task-decision.schemas'

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d ? labelOf(TASK_KIND_LABELS, d.task.kind) : 'Task'} · OSHC Back Office` },
]

// pdf.js's own styles for the text layer over a drawn page (this page only).
export const links = () => [{ rel: 'stylesheet', href: pdfViewerCss }]

const taskIdOf = (params: { taskId?: string }) => {
  const taskId = parseId(params.taskId)
  if (!taskId) throw new Response('Not found', { status: 404 })
  return taskId
}

type Task = Awaited<ReturnType<typeof getTaskView>>['task']

/** Who takes each staff step of an amendment (the amendment page's rule). */
const AMENDMENT_STEPS: Record<string, string> = {
  CONFIRM_PREMIUM_BY_ADMIN: 'policy_management',
  PAYMENT_APPROVAL: 'finance',
  ISSUE_CERTIFICATE: 'policy_management',
}

/**
 * The record's own multi-step form, which the view shows for an open task about a policy: a full
 * refund's section (read by finance and policy_management, as on the refund page), or the open
 * amendment's next decision.
 */
async function recordForms(actor: StaffActor, task: Task) {
  const policyId = task.policy_id
  if (task.closed_at || policyId === null) return { refund: null, amendment: null }
  const refund =
    task.kind.startsWith('full_refund_') &&
    ['finance', 'policy_management'].some((p) => actor.permissions.has(p))
      ? await staffRefundData(actor, policyId)
      : null
  const open = task.kind.startsWith('amendment_')
    ? (await getAmendmentOverview({ actor, policyId })).open
    : null
  // The amendment at the step this task stands for, and this person may take it.
  const step =
    open && `amendment_${open.phase.toLowerCase()}` === task.kind ? AMENDMENT_STEPS[open.phase] : null
  return { refund, amendment: step && actor.permissions.has(step) ? open : null }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireStaff(request)
  const view = await getTaskView({ actor, taskId: taskIdOf(params) })
  const { task } = view
  // Worked out here, once: the browser's clock must not change the markup it hydrates.
  const now = new Date()
  return data({
    ...view,
    ...(await recordForms(actor, task)),
    can: { policy: actor.permissions.has('policy_management'), finance: actor.permissions.has('finance') },
    age: formatAge(task.opened_at, task.closed_at ?? now),
    mine: task.assignee_id === actor.identityId,
  })
}

/**
 * Claim or release the task (back here with a toast), or decide it (`intent=decide`, a finance
 * task): decideTask, through the record's own decision (its second factor and maker-checker). "Approve and next" opens the queue's next task; a refusal answers on the form.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireStaff(request)
  const taskId = taskIdOf(params)
  const formData = await readForm(request)
  if (formData.get('intent') !== 'decide')
    return submitForm(formData, ClaimSchema, async (v) => {
      await claimTask({ actor, taskId: v.taskId, release: v.intent === 'release' })
      return redirectWithToast(request.url, {
        title: v.intent === 'claim' ? 'Task claimed' : 'Task released',
        type: 'success',
      })
    })
  return submitForm(formData, TaskDecisionSchema, async (v) => {
    const approve = v.decision !== 'reject'
    const { task, next_task_id: next } = await decideTask({
      actor,
      taskId,
      decision: approve ? 'approve' : 'reject',
      reason: v.reason,
      payment_type: v.payment_type,
    })
    const title = `${approve ? 'Approved' : 'Rejected'}: ${task.subject}`
    if (v.decision !== 'approve-next') return redirectWithToast(request.url, { type: 'success', title })
    return next
      ? redirectWithToast(`/staff/inbox/${next}`, {
          type: 'success',
          title,
          description: 'Here is the next one.',
        })
      : redirectWithToast(`/staff/inbox?kind=${encodeURIComponent(task.kind)}`, {
          type: 'success',
          title,
          description: 'Nothing else is waiting in this queue.',
        })
  })
}

export default function TaskView() {
  const { task, evidence, trail, history, next_task_id, age, mine, refund, amendment, can } =
    useLoaderData<typeof loader>()
  const here = `/staff/inbox/${task.id}`
  const open = !task.closed_at
  return (
    <div className="space-y-4">
      <PageHeader
        title={labelOf(TASK_KIND_LABELS, task.kind)}
        description={task.subject}
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <Link to={`/staff/inbox?kind=${encodeURIComponent(task.kind)}`}>Back to the queue</Link>
            </Button>
            {next_task_id ? (
              <Button asChild variant="outline" size="sm">
                <Link to={`/staff/inbox/${next_task_id}`}>Skip to next</Link>
              </Button>
            ) : null}
          </>
        }
      />
      <Card>
        <CardContent className="grid gap-4 pt-6 sm:grid-cols-2 lg:grid-cols-5">
          <Fact label="Agency">
            {task.agency_id ? (
              <Link className="text-primary hover:underline" to={`/staff/agencies/${task.agency_id}`}>
                {task.agency_name ?? task.agency_email}
              </Link>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Amount">{task.amount === null ? '—' : formatCents(task.amount)}</Fact>
          <Fact label="Due">
            <span className="block">{task.due_at ? formatDateTime(task.due_at) : '—'}</span>
            {task.is_overdue ? <Badge variant="danger">Overdue</Badge> : null}
            {task.is_due_today ? <Badge variant="warning">Due today</Badge> : null}
            {task.escalated_at ? <Badge variant="warning">Escalated</Badge> : null}
          </Fact>
          <Fact label="Opened">{age} ago</Fact>
          <Fact label={open ? 'Owner' : 'Outcome'}>
            {open ? (
              <ClaimForm schema={ClaimSchema} t={{ ...task, mine }} />
            ) : (
              labelOf(TASK_OUTCOME_LABELS, task.outcome ?? 'closed')
            )}
          </Fact>
        </CardContent>
      </Card>
      {open && task.bulk_kind ? (
        <TaskDecision schema={TaskDecisionSchema} task={task} />
      ) : refund ? (
        <RefundStaffDecisions
          view={refund.view}
          canFinance={refund.canFinance}
          canManage={refund.canManage}
          forms={STAFF_REFUND_FORMS}
          returnTo={here}
        />
      ) : amendment ? (
        <StaffAmendmentDecision
          policyId={task.policy_id!}
          open={amendment}
          canPolicy={can.policy}
          canFinance={can.finance}
          forms={STAFF_AMENDMENT_FORMS}
          returnTo={here}
        />
      ) : open ? (
        <Card>
          <CardHeader>
            <CardTitle as="h3">Decision</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            <p>This task is decided with its record&apos;s own form.</p>
            <Button asChild>
              <Link to={task.link}>Open the form</Link>
            </Button>
          </CardContent>
        </Card>
      ) : null}
      <TaskEvidence files={evidence} />
      <div className="grid gap-4 lg:grid-cols-2">
        <TaskTrail rows={trail} />
        <TaskHistory rows={history} />
      </div>
      <p className="text-sm">
        <Link to={task.link} className="text-primary hover:underline">
          Open the record&apos;s page
        </Link>
      </p>
    </div>
  )
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1 text-sm">
      <div className="text-xs font-medium uppercase text-muted-foreground">{label}</div>
      <div className="flex flex-col items-start gap-1">{children}</div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
