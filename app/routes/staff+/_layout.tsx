import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { errorPageTitle, GeneralErrorBoundary } from '../../components/error-boundary'
import { BrandedPage, PortalShell } from '../../components/portal-shell'
import { shellData } from '../../utils/layout.server'
import { requireStaff } from '../../utils/session.server'

// Pages name themselves; when one fails, this layout's boundary renders and names the error.
export const meta: MetaFunction = ({ error }) => [
  { title: error ? errorPageTitle(error, 'OSHC Back Office') : 'OSHC Back Office' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  return shellData(await requireStaff(request), 'staff')
}

export default function StaffLayout() {
  return (
    <PortalShell shell={useLoaderData<typeof loader>()}>
      <Outlet />
    </PortalShell>
  )
}

/**
 * A page of the staff area that failed (a missing record, an unknown address under /staff)
 * keeps the navigation; when this layout's own loader failed there is none to show.
 */
export function ErrorBoundary() {
  const shell = useRouteLoaderData<typeof loader>('routes/staff+/_layout')
  return shell ? (
    <PortalShell shell={shell}>
      <GeneralErrorBoundary homeHref="/staff" homeLabel="Back to the inbox" />
    </PortalShell>
  ) : (
    <BrandedPage>
      <GeneralErrorBoundary />
    </BrandedPage>
  )
}
