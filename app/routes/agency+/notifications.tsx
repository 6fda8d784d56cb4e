import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { NotificationsPage } from '../../components/notifications-page'
import { notificationsAction, notificationsLoader } from '../../utils/notifications.server'

export const meta: MetaFunction = () => [{ title: 'Notifications · Agency portal' }]

export const loader = ({ request }: LoaderFunctionArgs) => notificationsLoader(request)
export const action = ({ request }: ActionFunctionArgs) => notificationsAction(request)

export default NotificationsPage

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency" homeLabel="Back home" />
}
