import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { readCookie, SESSION_COOKIE } from '../../api/auth.server'
import { revokeSession } from '../../domain/access/sessions'
import { clearSessionCookie } from '../utils/session.server'

export async function loader() {
  return redirect('/login')
}

export async function action({ request }: ActionFunctionArgs) {
  const token = readCookie(request, SESSION_COOKIE)
  if (token) await revokeSession(token)
  return redirect('/login', { headers: { 'Set-Cookie': clearSessionCookie() } })
}
