import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { readCookie, SESSION_COOKIE } from '../../../api/auth.server'
import { revokeSession } from '../../../domain/access/sessions'
import { clearSessionCookie, requireSameOrigin } from '../../utils/session.server'

export async function loader() {
  return redirect('/login')
}

/** Sign-out by a form post from our own pages only: another site cannot sign a person out. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request)
  const token = readCookie(request, SESSION_COOKIE)
  if (token) await revokeSession(token)
  return redirect('/login', { headers: { 'Set-Cookie': clearSessionCookie(request) } })
}
