import type { MetaFunction } from '@remix-run/node'
import { titleIn } from '../../portals/portal'
import { notFoundLoader } from '../../portals/portal.server'

export const meta: MetaFunction = () => [{ title: titleIn('agency', 'Page not found') }]

/** An unknown address under /agency: a 404 shown inside the portal's navigation (the layout's error boundary). */
export const loader = notFoundLoader('agency')

// A page, not a resource route: the layout's error boundary renders the 404 inside the navigation.
export default function NotFound() {
  return null
}
