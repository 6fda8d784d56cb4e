import { createCookie, redirect } from '@remix-run/node'
import * as oidc from 'openid-client'
import { Strategy } from 'remix-auth/strategy'
import { clock } from '../domain/shared/clock'
import { config, isDemo, secretFor } from '../domain/shared/config'
import { DomainError } from '../domain/shared/errors'
import { logWarn } from '../domain/shared/log'
import { isTls } from './auth.server'

/** The claims of a validated ID token the strategy hands to its verify function. */
export type OidcVerifyParams = {
  claims: oidc.IDToken | (oidc.IDToken & oidc.UserInfoResponse)
  /** The callback's request (its device details go on the session). */
  request: Request
}

export const OIDC_START_PATH = '/auth/oidc'
export const OIDC_CALLBACK_PATH = '/auth/oidc/callback'

/** The refusal of a callback that does not finish the sign-in this browser started. */
export const OIDC_FLOW_REFUSED =
  'The sign-in through your company account did not complete (it expired, was used already or was not started here). Start again.'

/**
 * What the browser carries between the redirect to the provider and the callback: the PKCE
 * verifier, `state` and `nonce`, in a signed, httpOnly cookie for ten minutes, read once.
 */
const flowCookie = () =>
  createCookie('oshc_oidc', {
    path: OIDC_CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 600,
    secrets: [secretFor('oidc-flow')],
  })
type Flow = { verifier: string; state: string; nonce: string }

let discovered: Promise<oidc.ServerMetadata> | undefined

/** A local test provider speaks plain HTTP; production requires https (config refuses http). */
const insecure = () =>
  config().OIDC_ISSUER!.startsWith('http:') && isDemo() ? [oidc.allowInsecureRequests] : []

/**
 * The client of the provider: its metadata discovered once per process (again after a failure),
 * the time of its checks the app's clock.
 */
async function provider() {
  const c = config()
  discovered ??= oidc
    .discovery(new URL(c.OIDC_ISSUER!), c.OIDC_CLIENT_ID!, c.OIDC_CLIENT_SECRET!, undefined, {
      execute: insecure(),
    })
    .then((found) => found.serverMetadata())
    .catch((err) => {
      discovered = undefined
      throw err
    })
  const client = new oidc.Configuration(await discovered, c.OIDC_CLIENT_ID!, {
    client_secret: c.OIDC_CLIENT_SECRET!,
    [oidc.clockSkew]: Math.round((clock.now().getTime() - Date.now()) / 1000),
  })
  for (const option of insecure()) option(client)
  return client
}

/** Tests that change the provider's settings discover it again. */
export function forgetOidcProvider() {
  discovered = undefined
}

/**
 * OpenID Connect sign-in (authorization code flow with PKCE) as a remix-auth strategy, on the
 * certified `openid-client`: the start redirects to the provider with a fresh verifier, `state`
 * and `nonce`; the callback exchanges the code and has the ID token's signature, issuer, audience,
 * expiry (on the app's clock) and nonce checked by the library before `verify` sees its claims.
 */
export class OidcStrategy<User> extends Strategy<User, OidcVerifyParams> {
  name = 'oidc'

  async authenticate(request: Request): Promise<User> {
    const url = new URL(request.url)
    const client = await provider()
    const redirectUri = new URL(OIDC_CALLBACK_PATH, url.origin).toString()
    if (url.pathname !== OIDC_CALLBACK_PATH) {
      const flow: Flow = {
        verifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
      }
      const to = oidc.buildAuthorizationUrl(client, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      })
      throw redirect(to.toString(), {
        headers: { 'Set-Cookie': await flowCookie().serialize(flow, { secure: isTls(request) }) },
      })
    }
    const flow = (await flowCookie().parse(request.headers.get('cookie'))) as Flow | null
    if (!flow?.state) throw new DomainError('FORBIDDEN', OIDC_FLOW_REFUSED)
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>
    try {
      tokens = await oidc.authorizationCodeGrant(client, new URL(url.pathname + url.search, redirectUri), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      })
    } catch (err) {
      // A wrong state, a replayed or foreign code, a bad signature, issuer, audience or expiry.
      logWarn('sso', 'callback refused', { reason: err instanceof Error ? err.message : String(err) })
      throw new DomainError('FORBIDDEN', OIDC_FLOW_REFUSED)
    }
    const claims = tokens.claims()!
    // Some providers put the e-mail in the ID token, others only in the userinfo answer (whose
    // subject the library checks against the ID token's).
    const groups = config().OIDC_GROUP_ROLES.length ? config().OIDC_GROUPS_CLAIM : null
    const info =
      claims.email && (!groups || groups in claims)
        ? claims
        : { ...claims, ...(await oidc.fetchUserInfo(client, tokens.access_token, claims.sub)) }
    return this.verify({ claims: info, request })
  }
}

/** Clears the flow cookie once the callback has run (used or refused, it is not used again). */
export const clearOidcFlow = async (request: Request) =>
  flowCookie().serialize('', { maxAge: 0, secure: isTls(request) })
