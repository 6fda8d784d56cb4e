import { useLoaderData } from '@remix-run/react'
import { AgencyOverview } from './agency-overview'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import type { loader } from './overview.server'

export { action, loader } from './overview.server'

export default function AgencyOverviewTab() {
  const { agency, waitingFor, canFinance } = useLoaderData<typeof loader>()
  return <AgencyOverview agency={agency} waitingFor={waitingFor} canFinance={canFinance} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/agencies" homeLabel="Back to agencies" />
}
