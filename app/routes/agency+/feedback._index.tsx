import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { addFeedback } from '../../../domain/feedback/add-feedback'
import { getFeedbacks } from '../../../domain/feedback/get-feedbacks'
import { FeedbackListQuerySchema, FeedbackSchema } from '../../../domain/feedback/feedback.schemas'
import { PageHeader } from '../../components/app-shell'
import { DataTable } from '../../components/data-table'
import { ReportTicketForm } from '../../components/engagement/report-ticket'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { listParams, readForm, submitForm } from '../../utils/forms.server'
import { TICKET_STAGE_LABELS, TICKET_TYPE_LABELS } from '../../utils/labels'
import { formatDate } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Feedback · Agency portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getFeedbacks.access, 'agency')
  const query = FeedbackListQuerySchema.safeParse(listParams(request))
  if (!query.success) throw new Response('Invalid page', { status: 400 })
  const list = await getFeedbacks({ actor, query: query.data })
  return { tickets: list.items, pageInfo: list.pageInfo }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, addFeedback.access, 'agency')
  return submitForm(await readForm(request), FeedbackSchema, async (v) => {
    const t = await addFeedback({ actor, input: v })
    return redirectWithToast(`/agency/feedback/${t.id}`, {
      type: 'success',
      title: `Ticket #${t.id} reported`,
    })
  })
}

export default function AgencyFeedback() {
  const { tickets, pageInfo } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <div className="space-y-6">
      <PageHeader
        title="Feedback"
        description="Report a problem or ask for an improvement; our team answers here."
      />
      <DataTable
        caption="Your agency's tickets, newest first"
        rows={tickets}
        pageInfo={pageInfo}
        getRowKey={(t) => t.id}
        emptyText="No tickets yet."
        columns={[
          {
            key: 'title',
            header: 'Ticket',
            cell: (t) => (
              <Link className="underline" to={`/agency/feedback/${t.id}`}>
                #{t.id} {t.title}
              </Link>
            ),
          },
          { key: 'type', header: 'Type', cell: (t) => TICKET_TYPE_LABELS[t.type] },
          {
            key: 'stage',
            header: 'Stage',
            cell: (t) => <Badge variant="info">{TICKET_STAGE_LABELS[t.stage]}</Badge>,
          },
          { key: 'created_at', header: 'Reported', cell: (t) => formatDate(t.created_at) },
        ]}
      />
      <Card className="max-w-4xl">
        <CardHeader>
          <CardTitle as="h3">Report a ticket</CardTitle>
        </CardHeader>
        <CardContent>
          <ReportTicketForm lastResult={lastResult} />
        </CardContent>
      </Card>
    </div>
  )
}
