import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { signInWithSso, ssoEnabled } from '../../../api/authenticator.server'
import { clearOidcFlow } from '../../../api/oidc-strategy.server'
import { actorForToken } from '../../../domain/access/sessions'
import { DomainError } from '../../../domain/shared/errors'
import { AuthCard } from '../../components/auth-card'
import { homeFor, sessionCookie } from '../../utils/session.server'
import { secondFactorPage } from './login_.second-factor'

export const meta: MetaFunction = () => [{ title: 'Single sign-on · OSHC Back Office' }]

/**
 * The identity provider sends the browser back here: a signed-in staff member goes home with a
 * session; a refusal (the flow did not finish, or the person may not sign in) is a page saying why.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!ssoEnabled()) throw new Response('Single sign-on is not configured', { status: 404 })
  const headers = new Headers({ 'Set-Cookie': await clearOidcFlow(request) })
  try {
    const signIn = await signInWithSso(request, (context as { clientIp?: string }).clientIp ?? 'unknown')
    headers.append('Set-Cookie', sessionCookie(signIn.token, signIn.expiresAt, request))
    if (signIn.secondFactorRequired) return redirect(secondFactorPage(null), { headers })
    const actor = await actorForToken(signIn.token)
    return redirect(actor ? await homeFor(actor, false) : '/', { headers })
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    return data({ refusal: err.message }, { status: 403, headers })
  }
}

export default function SsoRefusedPage() {
  const { refusal } = useLoaderData<typeof loader>()
  return (
    <AuthCard title="You could not be signed in" description="Single sign-on with your company account">
      <p role="alert" className="text-sm">
        {refusal}
      </p>
      <p className="mt-6 text-sm">
        <Link to="/login" className="text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  )
}
