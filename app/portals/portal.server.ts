import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireAgency, requireStaff } from '../utils/session.server'
import { shellData } from '../utils/layout.server'
import type { Portal } from './portal'

/** The portal's own guard: staff for the staff pages, an agency with an active portal for its pages. */
export function requirePortal(request: Request, portal: Portal) {
  return portal === 'staff' ? requireStaff(request) : requireAgency(request)
}

/** The portal layout's loader: the guard, then what the chrome shows. */
export const portalLayoutLoader =
  (portal: Portal) =>
  async ({ request }: LoaderFunctionArgs) =>
    shellData(await requirePortal(request, portal), portal)

/**
 * An unknown address under the portal (its `$` route): a 404 shown inside the portal's navigation
 * by the layout's error boundary, after the portal's guard.
 */
export const notFoundLoader =
  (portal: Portal) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requirePortal(request, portal)
    throw new Response(null, { status: 404, statusText: 'Not Found' })
  }
