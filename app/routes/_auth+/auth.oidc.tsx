import type { LoaderFunctionArgs } from '@remix-run/node'
import { authenticator, ssoEnabled } from '../../../api/authenticator.server'

/** Staff single sign-on starts here: a redirect to the company's identity provider. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!ssoEnabled()) throw new Response('Single sign-on is not configured', { status: 404 })
  return authenticator.authenticate('oidc', request)
}
