import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { errorPageTitle, GeneralErrorBoundary } from '../../components/error-boundary'
import { BrandedPage, PortalShell } from '../../components/portal-shell'
import { shellData } from '../../utils/layout.server'
import { requireAgency } from '../../utils/session.server'

// Pages name themselves; when one fails, this layout's boundary renders and names the error.
export const meta: MetaFunction = ({ error }) => [
  { title: error ? errorPageTitle(error, 'Agency portal') : 'Agency portal' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  return shellData(await requireAgency(request), 'agency')
}

export default function AgencyLayout() {
  return (
    <PortalShell shell={useLoaderData<typeof loader>()}>
      <Outlet />
    </PortalShell>
  )
}

/**
 * A page of the agency portal that failed (a missing record, an unknown address under /agency)
 * keeps the navigation; when this layout's own loader failed there is none to show.
 */
export function ErrorBoundary() {
  const shell = useRouteLoaderData<typeof loader>('routes/agency+/_layout')
  return shell ? (
    <PortalShell shell={shell}>
      <GeneralErrorBoundary homeHref="/agency" homeLabel="Back to home" />
    </PortalShell>
  ) : (
    <BrandedPage>
      <GeneralErrorBoundary />
    </BrandedPage>
  )
}
