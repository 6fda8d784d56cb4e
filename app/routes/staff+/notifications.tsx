import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { NotificationsPage } from '../../components/notifications-page'
import { notificationsAction, notificationsLoader } from '../../utils/notifications.server'

export const meta: MetaFunction = () => [{ title: 'Notifications · OSHC Back Office' }]

export const loader = ({ request }: LoaderFunctionArgs) => notificationsLoader(request)
export const action = ({ request }: ActionFunctionArgs) => notificationsAction(request)

export default NotificationsPage

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff" homeLabel="Back home" />
}
