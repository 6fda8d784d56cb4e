import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { BrandedPage, PortalShell, type ShellData } from '../../components/portal-shell'
import { shellFor } from '../../utils/layout.server'
import { getActor } from '../../utils/session.server'

/**
 * Why a download did not happen, as `?reason=` from the files route: nothing stored under the
 * key, or a signed link that expired or was altered. Fixed texts, never echoed from the URL.
 */
const FILE_UNAVAILABLE = {
  missing: {
    status: 404,
    title: 'File not found',
    message: 'This file is not available: it was removed or never finished uploading.',
  },
  link: {
    status: 403,
    title: 'This download link no longer works',
    message: 'Download links work for 5 minutes. Go back to the page you came from and open the file again.',
  },
} as const

const TITLES = { 404: FILE_UNAVAILABLE.missing.title, 403: FILE_UNAVAILABLE.link.title }

export const meta: MetaFunction = ({ error }) => {
  const status = isRouteErrorResponse(error) ? error.status : 404
  return [{ title: `${status === 403 ? TITLES[403] : TITLES[404]} · OSHC Back Office` }]
}

/**
 * The page a browser lands on when a file download fails (app/routes/files+/$.ts redirects here):
 * the reason with the caller's chrome (staff or agency navigation when signed in), so there is
 * always a way back into the product.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await getActor(request)
  const reason = new URL(request.url).searchParams.get('reason') === 'link' ? 'link' : 'missing'
  const { status, message } = FILE_UNAVAILABLE[reason]
  throw data({ shell: await shellFor(actor), message }, { status })
}

export default function FileUnavailable() {
  return null
}

export function ErrorBoundary() {
  const error = useRouteError()
  const shell = isRouteErrorResponse(error) ? (error.data as { shell?: ShellData | null })?.shell : null
  const home = shell?.portal === 'agency' ? '/agency' : shell ? '/staff' : '/'
  const page = <GeneralErrorBoundary homeHref={home} statusTitles={TITLES} />
  return shell ? <PortalShell shell={shell}>{page}</PortalShell> : <BrandedPage>{page}</BrandedPage>
}
