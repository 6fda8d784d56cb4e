import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { TICKET_STAGES } from '../../../db/schema/enums'
import { addFeedback } from '../../../domain/feedback/add-feedback'
import { FeedbackListQuerySchema, FeedbackSchema } from '../../../domain/feedback/feedback.schemas'
import { getFeedbacks } from '../../../domain/feedback/get-feedbacks'
import { updateFeedback } from '../../../domain/feedback/update-feedback'
import { id } from '../../../domain/shared/fields'
import { PageHeader } from '../../components/app-shell'
import { ConformForm, errorsOf, useConformForm, useResultFor } from '../../components/forms'
import { ReportTicketForm } from '../../components/engagement/report-ticket'
import { Alert, AlertDescription } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select } from '../../components/ui/select'
import { listParams, readForm, submitForm } from '../../utils/forms.server'
import { TICKET_PRIORITY_LABELS, TICKET_STAGE_LABELS, TICKET_TYPE_LABELS } from '../../utils/labels'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Feedback · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getFeedbacks.access, 'staff')
  const params = listParams(request)
  const query = FeedbackListQuerySchema.safeParse({ perPage: '100', ...params })
  if (!query.success) throw new Response(query.error.issues[0]?.message ?? 'Invalid filters', { status: 400 })
  const list = await getFeedbacks({ actor, query: query.data })
  return { tickets: list.items, pageInfo: list.pageInfo, filters: params }
}

const MOVE_MSG = 'Choose a ticket and a stage'
const MoveSchema = z.object({ ticket_id: id(MOVE_MSG), stage: z.enum(TICKET_STAGES, { error: MOVE_MSG }) })

/** Two kinds of form: a ticket's move buttons (`intent=move`) and the report form. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, updateFeedback.access, 'staff')
  const form = await readForm(request)
  if (form.get('intent') === 'move') {
    return submitForm(form, MoveSchema, async (v) => {
      await updateFeedback({ actor, id: v.ticket_id, input: { stage: v.stage } })
      return redirectWithToast(new URL(request.url).pathname + new URL(request.url).search, {
        type: 'success',
        title: `Ticket #${v.ticket_id} moved to ${TICKET_STAGE_LABELS[v.stage]}`,
      })
    })
  }
  return submitForm(form, FeedbackSchema, async (v) => {
    const t = await addFeedback({ actor, input: v })
    return redirectWithToast(`/staff/feedback/${t.id}`, {
      type: 'success',
      title: `Ticket #${t.id} reported`,
    })
  })
}

/** A board by stage (move buttons) over the filtered tickets, with the report form below. */
export default function FeedbackBoard() {
  const { tickets, filters } = useLoaderData<typeof loader>()
  const moved = useResultFor('move')
  const reported = useResultFor('report')
  const error = moved ? [...new Set(errorsOf(moved, '', 'ticket_id', 'stage'))].join(' ') : null
  return (
    <div className="space-y-6">
      <PageHeader title="Feedback" description="Tickets from staff and agencies, by stage." />
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filters">
        <div className="space-y-1">
          <Label htmlFor="global_filter">Search</Label>
          <Input id="global_filter" name="global_filter" defaultValue={filters.global_filter ?? ''} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="type">Type</Label>
          <Select id="type" name="type" defaultValue={filters.type ?? ''}>
            <option value="">Any type</option>
            {Object.entries(TICKET_TYPE_LABELS).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="priority">Priority</Label>
          <Select id="priority" name="priority" defaultValue={filters.priority ?? ''}>
            <option value="">Any priority</option>
            {Object.entries(TICKET_PRIORITY_LABELS).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="is_archived">Archive</Label>
          <Select id="is_archived" name="is_archived" defaultValue={filters.is_archived ?? 'false'}>
            <option value="false">Open tickets</option>
            <option value="true">Archived tickets</option>
          </Select>
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {TICKET_STAGES.map((stage, i) => (
          <section key={stage} aria-labelledby={`stage-${stage}`} className="space-y-2 rounded-md border p-3">
            <h2 id={`stage-${stage}`} className="font-semibold">
              {TICKET_STAGE_LABELS[stage]} ({tickets.filter((t) => t.stage === stage).length})
            </h2>
            <ul className="space-y-2">
              {tickets
                .filter((t) => t.stage === stage)
                .map((t) => (
                  <li key={t.id} className="rounded-md border bg-card p-2 text-sm">
                    <Link className="font-medium underline" to={`/staff/feedback/${t.id}`}>
                      #{t.id} {t.title}
                    </Link>
                    <p className="flex flex-wrap gap-1 py-1">
                      <Badge variant="neutral">{TICKET_TYPE_LABELS[t.type]}</Badge>
                      <Badge variant={t.priority === 'URGENT' ? 'danger' : 'neutral'}>
                        {TICKET_PRIORITY_LABELS[t.priority]}
                      </Badge>
                    </p>
                    <MoveTicketForm ticketId={t.id} stage={i} />
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
      <Card className="max-w-4xl">
        <CardHeader>
          <CardTitle as="h3">Report a ticket</CardTitle>
        </CardHeader>
        <CardContent>
          <ReportTicketForm lastResult={reported} />
        </CardContent>
      </Card>
    </div>
  )
}

/** A ticket's buttons to the stage before and after its own (the board shows a refusal above). */
function MoveTicketForm({ ticketId, stage }: { ticketId: number; stage: number }) {
  const [form] = useConformForm(MoveSchema, { id: `move-${ticketId}`, lastResult: null })
  return (
    <ConformForm form={form} intent="move" className="flex gap-1">
      <input type="hidden" name="ticket_id" value={ticketId} />
      {stage > 0 ? (
        <Button
          type="submit"
          name="stage"
          value={TICKET_STAGES[stage - 1]}
          variant="outline"
          size="sm"
          aria-label={`Move #${ticketId} back to ${TICKET_STAGE_LABELS[TICKET_STAGES[stage - 1]]}`}
        >
          ←
        </Button>
      ) : null}
      {stage < TICKET_STAGES.length - 1 ? (
        <Button
          type="submit"
          name="stage"
          value={TICKET_STAGES[stage + 1]}
          variant="outline"
          size="sm"
          aria-label={`Move #${ticketId} to ${TICKET_STAGE_LABELS[TICKET_STAGES[stage + 1]]}`}
        >
          →
        </Button>
      ) : null}
    </ConformForm>
  )
}
