import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { searchAgencyOptions } from '../../../domain/agencies/reads/search-agency-options'
import { findPolicies } from '../../../domain/policies/find-policies'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { PolicyList } from '../../components/policy-list'
import { throwAsResponse } from '../../utils/forms.server'
import {
  policyListQuery,
  policyQueryView,
  policyRowsView,
  policyTabs,
  providerOptions,
} from '../../utils/policy-list.server'
import { requireStaff } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Policies · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request)
  if (!actor.permissions.has('policy_management') && !actor.permissions.has('finance'))
    throw new Response('You do not have permission to see this page', { status: 403 })
  const { query, archived } = policyListQuery(request)
  const [list, providers, agencyFilter] = await Promise.all([
    findPolicies({ actor, scope: { agencyId: null, archived }, query }).catch(throwAsResponse),
    providerOptions(),
    query.agency_filter.length
      ? searchAgencyOptions({ actor, ids: query.agency_filter }).then((a) => a[0] ?? null)
      : null,
  ])
  return {
    rows: policyRowsView(list.items),
    pageInfo: list.pageInfo,
    tabs: policyTabs(query, archived),
    query: policyQueryView(query),
    providers,
    agencyFilter,
  }
}

export default function StaffPolicies() {
  const { rows, pageInfo, tabs, query, providers, agencyFilter } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <PageHeader
        title="Policies"
        description="Every agency's policies. Open one to manage its certificate, working status and assignee."
      />
      <PolicyList
        basePath="/staff/policies"
        exportHref="/staff/policies/export"
        caption="Policies of every agency"
        tabs={tabs}
        rows={rows}
        pageInfo={pageInfo}
        query={query}
        providers={providers}
        staffView
        agencyFilter={agencyFilter}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff" homeLabel="Back to the dashboard" />
}
