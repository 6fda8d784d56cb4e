/**
 * Origins a public client may be used from (DESIGN.md section 11): scheme, host and port exactly,
 * or one leading `*.` label standing for exactly one label (`https://*.example.com` allows
 * `https://shop.example.com`, not `https://example.com` nor `https://a.b.example.com`).
 */
export const ORIGIN_MSG = 'Enter an origin like https://www.example.com (scheme, host and port only)'

const WILDCARD = 'wildcard-label-'

/** The canonical origin of `value` (lower case, default port dropped), or null when it is not one. */
export function normalizeOrigin(value: string): string | null {
  const raw = value.trim().replace(/\/$/, '')
  const wild = /^(https?:\/\/)\*\./i.exec(raw)
  const parsable = wild ? raw.replace('*.', WILDCARD + '.') : raw
  let u: URL
  try {
    u = new URL(parsable)
  } catch {
    return null
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null
  if (u.username || u.password || u.search || u.hash || (u.pathname !== '/' && u.pathname !== '')) return null
  if (!/^[a-z0-9.:[\]-]+$/.test(u.host)) return null
  // `new URL` accepts a path of "/" only when the text had none or a bare slash.
  if (parsable.replace(/^https?:\/\//i, '').includes('/')) return null
  if (u.host.includes('*')) return null
  const origin = u.origin
  if (!wild) return origin
  // The wildcard must stand before at least two labels (no `*.com`).
  const rest = u.hostname.slice(WILDCARD.length + 1)
  if (!rest.includes('.')) return null
  return origin.replace(WILDCARD, '*')
}

/** Whether `origin` (as a browser sends it) is on `allowList`. */
export function originAllowed(allowList: readonly string[], origin: string | null | undefined): boolean {
  if (!origin) return false
  const canonical = normalizeOrigin(origin)
  if (!canonical || canonical.includes('*')) return false
  for (const entry of allowList) {
    if (entry === canonical) return true
    if (!entry.includes('://*.')) continue
    const [scheme, pattern] = entry.split('://*.')
    const [cScheme, cHost] = canonical.split('://')
    if (scheme !== cScheme) continue
    const dot = cHost.indexOf('.')
    if (dot > 0 && cHost.slice(dot + 1) === pattern) return true
  }
  return false
}

/** The CSP `frame-ancestors` source list of an allow-list ('none' when empty). */
export const frameAncestors = (allowList: readonly string[]) =>
  allowList.length ? allowList.join(' ') : "'none'"
