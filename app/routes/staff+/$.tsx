import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { requireStaff } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Page not found · OSHC Back Office' }]

/** An unknown address under /staff: a 404 shown inside the staff navigation (the layout's error boundary). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  throw new Response(null, { status: 404, statusText: 'Not Found' })
}

// A page, not a resource route: the layout's error boundary renders the 404 inside the navigation.
export default function NotFound() {
  return null
}
