import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { getAgencyHistories } from '../../../domain/agencies/reads/get-agency-histories'
import { withActorNames } from '../../../domain/shared/actor-names'
import { orNotFound, requireAgencyPage } from '../../utils/agency-page.server'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { Timeline } from '../../components/timeline'
import { AGENCY_ACTION_LABELS, AGENCY_STATUS_LABELS, labelOf } from '../../utils/labels'

/** "Status changed: Configured → Agreement sent", or the action alone when the status stayed. */
function titleOf(h: { action: string; from_status: string | null; to_status: string | null }) {
  const action = labelOf(AGENCY_ACTION_LABELS, h.action)
  if (!h.to_status || h.to_status === h.from_status) return action
  const from = h.from_status ? `${labelOf(AGENCY_STATUS_LABELS, h.from_status)} → ` : ''
  return `${action}: ${from}${labelOf(AGENCY_STATUS_LABELS, h.to_status)}`
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, agencyId } = await requireAgencyPage(request, params)
  const histories = await orNotFound(getAgencyHistories({ actor, agencyId }).then(withActorNames))
  return {
    history: histories.map((h) => ({
      id: String(h.id),
      title: titleOf(h),
      at: h.created_at,
      actor: h.actor,
      note: h.note,
    })),
  }
}

export default function AgencyHistoryTab() {
  const { history } = useLoaderData<typeof loader>()
  return <Timeline items={history} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/agencies" homeLabel="Back to agencies" />
}
