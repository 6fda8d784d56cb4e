import { useLoaderData } from '@remix-run/react'
import { AgencyAgreement } from './agency-agreement'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import type { loader } from './agreement.server'

export { action, loader } from './agreement.server'

export default function AgencyAgreementTab() {
  return <AgencyAgreement {...useLoaderData<typeof loader>()} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/agencies" homeLabel="Back to agencies" />
}
