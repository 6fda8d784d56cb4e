import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { PageHeader } from '../components/app-shell'
import { TicketDetail, type TicketForms } from '../components/engagement/ticket-view'
import { PORTALS, titleIn, type Portal } from './portal'
import type { feedbackTicketLoader } from './feedback-ticket.server'

type Loader = ReturnType<typeof feedbackTicketLoader>

export const feedbackTicketMeta =
  (portal: Portal): MetaFunction<Loader> =>
  ({ data }) => [{ title: titleIn(portal, data ? `Ticket #${data.ticket.id}` : 'Ticket') }]

/** One ticket with its comments; staff also move its stage, archive or delete it. */
export function FeedbackTicketPage({ portal, forms }: { portal: Portal; forms: TicketForms }) {
  const { ticket } = useLoaderData<Loader>()
  return (
    <div className="space-y-4">
      <Link
        to={`${PORTALS[portal].home}/feedback`}
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All tickets
      </Link>
      <PageHeader title={`Ticket #${ticket.id}`} />
      <TicketDetail ticket={ticket} staff={portal === 'staff'} forms={forms} />
    </div>
  )
}
