import { useLoaderData } from '@remix-run/react'
import { ConfigurationForm } from './configuration-form'
import { PurchaseRules } from './purchase-rules'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import type { loader } from './configuration.server'

export { action, loader } from './configuration.server'

export default function AgencyConfigurationTab() {
  const configuration = useLoaderData<typeof loader>()
  return (
    <div className="space-y-8">
      <ConfigurationForm configuration={configuration} />
      <PurchaseRules configuration={configuration} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/agencies" homeLabel="Back to agencies" />
}
