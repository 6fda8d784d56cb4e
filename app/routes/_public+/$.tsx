import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { BrandedPage, PortalShell, type ShellData } from '../../components/portal-shell'
import { shellFor } from '../../utils/layout.server'
import { getActor } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Page not found · OSHC Back Office' }]

/**
 * Any address no other route serves: a 404 that carries the caller's chrome (staff or agency
 * navigation when signed in), so the page keeps a way around the product.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await getActor(request)
  throw data({ shell: await shellFor(actor) }, { status: 404, statusText: 'Not Found' })
}

export default function NotFound() {
  return null
}

export function ErrorBoundary() {
  const error = useRouteError()
  const shell = isRouteErrorResponse(error) ? (error.data as { shell?: ShellData | null })?.shell : null
  const home = shell?.portal === 'agency' ? '/agency' : shell ? '/staff' : '/'
  const page = <GeneralErrorBoundary homeHref={home} />
  return shell ? <PortalShell shell={shell}>{page}</PortalShell> : <BrandedPage>{page}</BrandedPage>
}
