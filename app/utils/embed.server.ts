import { embedClient, validateClientOAuth } from '../../domain/public-clients/client-tokens'
import { accentVariables, originAllowed } from '../../domain/public-clients/public-clients.rules'
import { findCountries } from '../../domain/reference/find-countries'
import { DomainError } from '../../domain/shared/errors'

/**
 * The page embedding the widget: `parent_origin` (set by /embed.js), else the origin of the
 * Referer (browsers send the embedding page's origin to a cross-origin frame by default).
 */
export function parentOriginOf(request: Request) {
  const url = new URL(request.url)
  const given = url.searchParams.get('parent_origin')
  if (given) return given
  const referer = request.headers.get('referer')
  if (!referer) return null
  try {
    const origin = new URL(referer).origin
    return origin === url.origin ? null : origin
  } catch {
    return null
  }
}

export type EmbedState =
  | { state: 'unavailable'; agencyName: string | null }
  | { state: 'not-allowed'; agencyName: string | null }
  | {
      state: 'ready'
      clientId: string
      parentOrigin: string
      token: string
      agencyName: string | null
      logo: string | null
      /** The client's accent colour as the stylesheet's primary colour (CSS variables). */
      theme: Record<string, string>
      countries: { id: number; name: string }[]
    }

/**
 * What an embed page shows: 404 for an unknown client; "not available" for an inactive client
 * or an agency whose portal is not activated; "not allowed" for a page not on the allow-list;
 * else a token issued here, by the server that renders the page (the secret never reaches it).
 */
export async function embedState(request: Request, clientId: string, ip: string): Promise<EmbedState> {
  const found = await embedClient(clientId)
  if (!found) throw new Response('This widget does not exist', { status: 404 })
  if (!found.live) return { state: 'unavailable', agencyName: found.agencyName }
  const parentOrigin = parentOriginOf(request)
  if (!parentOrigin || !originAllowed(found.client.whitelist_url, parentOrigin))
    return { state: 'not-allowed', agencyName: found.agencyName }
  try {
    const { token } = await validateClientOAuth({ clientId, parentOrigin, ip })
    const countries = (await findCountries()).map((c) => ({ id: c.id, name: c.name }))
    return {
      state: 'ready',
      clientId,
      parentOrigin,
      token,
      agencyName: found.agencyName,
      logo: found.client.logo_url ?? found.agencyLogo,
      theme: accentVariables(found.client.theme_color),
      countries,
    }
  } catch (err) {
    if (err instanceof DomainError) return { state: 'unavailable', agencyName: found.agencyName }
    throw err
  }
}
