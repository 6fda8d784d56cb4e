import type { MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { errorPageTitle, GeneralErrorBoundary } from '../components/error-boundary'
import { BrandedPage, PortalShell } from '../components/portal-shell'
import { PORTALS, type Portal } from './portal'
import type { portalLayoutLoader } from './portal.server'

type Loader = ReturnType<typeof portalLayoutLoader>

// Pages name themselves; when one fails, the layout's boundary renders and names the error.
export const portalLayoutMeta =
  (portal: Portal): MetaFunction =>
  ({ error }) => [{ title: error ? errorPageTitle(error, PORTALS[portal].name) : PORTALS[portal].name }]

/** The portal's chrome around its pages. */
export function PortalLayout() {
  return (
    <PortalShell shell={useLoaderData<Loader>()}>
      <Outlet />
    </PortalShell>
  )
}

/**
 * A page of the portal that failed (a missing record, an unknown address under it) keeps the
 * navigation; when the layout's own loader failed there is none to show.
 */
export function PortalLayoutBoundary({ portal }: { portal: Portal }) {
  const shell = useRouteLoaderData<Loader>(PORTALS[portal].layoutRouteId)
  return shell ? (
    <PortalShell shell={shell}>
      <GeneralErrorBoundary homeHref={PORTALS[portal].home} homeLabel={PORTALS[portal].homeLabel} />
    </PortalShell>
  ) : (
    <BrandedPage>
      <GeneralErrorBoundary />
    </BrandedPage>
  )
}
