import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { FilePlus2 } from 'lucide-react'
import { findPolicies } from '../../../domain/policies/find-policies'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { PolicyList } from '../../components/policy-list'
import { buttonVariants } from '../../components/ui/button'
import { throwAsResponse } from '../../utils/forms.server'
import {
  policyListQuery,
  policyQueryView,
  policyRowsView,
  policyTabs,
  providerOptions,
} from '../../utils/policy-list.server'
import { requireAgency } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Policies · Agency portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  const { query, archived } = policyListQuery(request)
  const [list, providers] = await Promise.all([
    findPolicies({ actor, scope: { agencyId: actor.agencyId, archived }, query }).catch(throwAsResponse),
    providerOptions(),
  ])
  return {
    rows: policyRowsView(list.items),
    pageInfo: list.pageInfo,
    tabs: policyTabs(query, archived),
    query: policyQueryView(query),
    providers,
    canCreate: actor.permissions.has('quote'),
  }
}

export default function AgencyPolicies() {
  const { rows, pageInfo, tabs, query, providers, canCreate } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <PageHeader
        title="Policies"
        description="Your students' policies from first details to certificate. Open one to continue it, pay for it or download its certificate."
        actions={
          canCreate ? (
            <Link to="/agency/policies/new" className={buttonVariants({ size: 'sm' })}>
              <FilePlus2 aria-hidden="true" />
              New policy
            </Link>
          ) : null
        }
      />
      <PolicyList
        basePath="/agency/policies"
        exportHref="/agency/policies/export"
        caption="Policies"
        tabs={tabs}
        rows={rows}
        pageInfo={pageInfo}
        query={query}
        providers={providers}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency" homeLabel="Back to the portal" />
}
