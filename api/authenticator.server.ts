import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { login } from '../domain/access/login'
import { loginWithSso } from '../domain/access/sso-login'
import { config } from '../domain/shared/config'
import { OidcStrategy } from './oidc-strategy.server'

/** A sign-in: the session's token and expiry, and who signed in. */
export type SignIn = Awaited<ReturnType<typeof login>>

/**
 * Carries the caller's IP (which the web server, not the request, knows) into the password
 * strategy: only ever set on the request built by `signInWithPassword`, never read from a client.
 */
const CLIENT_IP = 'x-oshc-sign-in-ip'

/** The device a strategy's request came from: the IP the web server saw and the User-Agent. */
const clientOf = (request: Request) => ({
  ip: request.headers.get(CLIENT_IP) ?? 'unknown',
  userAgent: request.headers.get('user-agent'),
})

/**
 * The one authenticator (remix-auth): every sign-in, from the pages and the API, runs one of its
 * strategies. `password` runs the password use case (its limits, dummy hash and hashed session
 * tokens); `oidc` is staff single sign-on through the company's OpenID provider, when configured.
 */
export const authenticator = new Authenticator<SignIn>()
  .use(
    new FormStrategy(async ({ form, request }) =>
      login({
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
        clientIp: clientOf(request).ip,
        userAgent: clientOf(request).userAgent,
      }),
    ),
    'password',
  )
  .use(
    new OidcStrategy(async ({ claims, request }) =>
      loginWithSso(
        {
          email: claims.email as string | undefined,
          emailVerified: claims.email_verified === true,
          groups: claims[config().OIDC_GROUPS_CLAIM],
          givenName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
          familyName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
        },
        clientOf(request),
      ),
    ),
    'oidc',
  )

/** Signs in with e-mail and password (already validated by the form's or the endpoint's schema). */
export function signInWithPassword(input: {
  email: string
  password: string
  clientIp: string
  userAgent?: string | null
}) {
  const form = new URLSearchParams({ email: input.email, password: input.password })
  const headers = new Headers({
    'content-type': 'application/x-www-form-urlencoded',
    [CLIENT_IP]: input.clientIp,
  })
  if (input.userAgent) headers.set('user-agent', input.userAgent)
  const request = new Request('http://sign-in.internal/', { method: 'POST', headers, body: form })
  return authenticator.authenticate('password', request)
}

/**
 * Finishes staff single sign-on at the provider's callback, with the caller's IP (which the web
 * server knows) carried to the strategy on a copy of the request; a client's own header is replaced.
 */
export function signInWithSso(request: Request, clientIp: string) {
  const headers = new Headers(request.headers)
  headers.set(CLIENT_IP, clientIp)
  return authenticator.authenticate('oidc', new Request(request.url, { method: request.method, headers }))
}

/** Whether staff single sign-on is configured (the sign-in page shows its button). */
export const ssoEnabled = () => !!config().OIDC_ISSUER
