import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { isStaff } from '../../../domain/shared/actor'
import { requireUser } from '../../utils/session.server'

/** The address mails link to: the mail settings of the signed-in person's portal. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireUser(request)
  return redirect(isStaff(actor) ? '/staff/notifications/settings' : '/agency/notifications/settings')
}
