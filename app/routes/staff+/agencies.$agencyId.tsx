import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { getAgency } from '../../../domain/agencies/reads/get-agency'
import { orNotFound, requireAgencyPage, staffWaitingFor } from '../../utils/agency-page.server'
import {
  AGENCY_TAB_LABELS,
  AGENCY_TABS,
  agencyTabPath,
  type AgencyTab,
} from '../../components/agency/agency-tabs'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { StatusBadge } from '../../components/status-badge'
import { TabLinks } from '../../components/tab-links'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.agency.name ?? 'Agency'} · OSHC Back Office` },
]

/**
 * The agency page's frame: name, status and the tabs; each tab is a nested route with its own
 * loader and action. Old `?tab=` addresses (mails, inbox tasks, bookmarks) go to the nested path.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, agencyId } = await requireAgencyPage(request, params)
  const tab = new URL(request.url).searchParams.get('tab')
  if (tab !== null) {
    const known = (AGENCY_TABS as readonly string[]).includes(tab) ? (tab as AgencyTab) : 'overview'
    throw redirect(agencyTabPath(agencyId, known))
  }
  const agency = await orNotFound(getAgency({ actor, id: agencyId }))
  return {
    agency: { id: agency.id, name: agency.full_company_name ?? agency.email, status: agency.status },
    waitingFor: staffWaitingFor(agency),
    // The users tab reads through a use case for staff with user management.
    canSeeUsers: actor.permissions.has('user_management'),
  }
}

export default function AgencyLayout() {
  const { agency, waitingFor, canSeeUsers } = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  const tabs = AGENCY_TABS.filter((t) => t !== 'users' || canSeeUsers)
  const current =
    tabs.find((t) => t !== 'overview' && pathname.startsWith(agencyTabPath(agency.id, t))) ?? 'overview'
  return (
    <div className="space-y-6">
      <Link
        to="/staff/agencies"
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All agencies
      </Link>
      <PageHeader
        title={agency.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge kind="agency" status={agency.status} />
            <span>{waitingFor}</span>
          </span>
        }
      />
      <TabLinks
        label="Agency sections"
        items={tabs.map((t) => ({ value: t, label: AGENCY_TAB_LABELS[t] }))}
        current={current}
        href={(t) => agencyTabPath(agency.id, t)}
      />
      <Outlet />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/agencies" homeLabel="Back to agencies" />
}
