import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NotificationSettingsFormSchema } from '../../../domain/notifications/notifications.schemas'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { NotificationSettingsPage } from '../../components/notification-settings'
import { notificationSettingsAction, notificationSettingsLoader } from '../../utils/notifications.server'

export const meta: MetaFunction = () => [{ title: 'Mail settings · Agency portal' }]

export const loader = ({ request }: LoaderFunctionArgs) => notificationSettingsLoader(request)
export const action = ({ request }: ActionFunctionArgs) => notificationSettingsAction(request)

export default function AgencyNotificationSettings() {
  return <NotificationSettingsPage back="/agency/notifications" schema={NotificationSettingsFormSchema} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/notifications" homeLabel="Back to notifications" />
}
