import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { getFeedbacksDetails } from '../../../domain/feedback/get-feedbacks-details'
import { PageHeader } from '../../components/app-shell'
import { TicketDetail } from '../../components/engagement/ticket-view'
import { ticketAction } from '../../utils/feedback.server'
import { idFromParam, throwAsResponse } from '../../utils/forms.server'
import { requireAgency } from '../../utils/session.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Ticket #${data.ticket.id}` : 'Ticket'} · Agency portal` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  const id = idFromParam(params.ticketId, 'Ticket')
  return { ticket: await getFeedbacksDetails({ actor, id }).catch(throwAsResponse) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAgency(request)
  return ticketAction(request, actor, idFromParam(params.ticketId, 'Ticket'), '/agency/feedback')
}

export default function Ticket() {
  const { ticket } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as { error?: string } | undefined
  return (
    <div className="space-y-4">
      <Link
        to="/agency/feedback"
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All tickets
      </Link>
      <PageHeader title={`Ticket #${ticket.id}`} />
      <TicketDetail ticket={ticket} staff={false} error={answer?.error} />
    </div>
  )
}
