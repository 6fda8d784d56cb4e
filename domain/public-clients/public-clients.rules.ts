import { parse as parseDomain } from 'tldts'

/**
 * Origins a public client may be used from (DESIGN.md section 11): scheme, host and port exactly,
 * or one leading `*.` label standing for exactly one label (`https://*.example.com` allows
 * `https://shop.example.com`, not `https://example.com` nor `https://a.b.example.com`). A wildcard's
 * base must be a registrable domain or under one, never a public suffix (`*.github.io`, `*.co.uk`
 * would hand the widget to anyone who can register a name there): ADR 0010, amendment.
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
  const rest = u.hostname.slice(WILDCARD.length + 1)
  if (!wildcardBaseAllowed(rest)) return null
  return origin.replace(WILDCARD, '*')
}

/**
 * Whether `*.<base>` is a wildcard we accept: `base` holds a registrable domain by the Public
 * Suffix List (ICANN and private sections, via tldts) and is not itself a public suffix, nor
 * numbers (an IP address has no subdomains).
 */
export function wildcardBaseAllowed(base: string): boolean {
  if (!base.includes('.') || /^[\d.]+$/.test(base)) return false
  const info = parseDomain(base, { allowPrivateDomains: true })
  return !info.isIp && !!info.domain && info.publicSuffix !== base
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
    // An entry stored before the public-suffix rule (`*.github.io`) no longer allows anything.
    if (!wildcardBaseAllowed(pattern.replace(/:\d+$/, ''))) continue
    const dot = cHost.indexOf('.')
    if (dot > 0 && cHost.slice(dot + 1) === pattern) return true
  }
  return false
}

/** The CSP `frame-ancestors` source list of an allow-list ('none' when empty). */
export const frameAncestors = (allowList: readonly string[]) =>
  allowList.length ? allowList.join(' ') : "'none'"

/**
 * The widget's theme from a client's accent colour (#rrggbb): the CSS variables of the primary
 * colour as the stylesheet reads them (`h s% l%`), with white or black text, whichever contrasts
 * more with it (WCAG relative luminance).
 */
export function accentVariables(hex: string | null): Record<string, string> {
  const m = hex ? /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex) : null
  if (!m) return {}
  const [r, g, b] = m.slice(1).map((v) => parseInt(v, 16) / 255)
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  const d = max - min
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1))
  let h = 0
  if (d !== 0) {
    if (max === r) h = ((g - b) / d) % 6
    else if (max === g) h = (b - r) / d + 2
    else h = (r - g) / d + 4
  }
  h = (h * 60 + 360) % 360
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
  const onWhite = 1.05 / (luminance + 0.05)
  const onBlack = (luminance + 0.05) / 0.05
  const round = (v: number) => Math.round(v * 10) / 10
  return {
    '--primary': `${round(h)} ${round(s * 100)}% ${round(l * 100)}%`,
    '--primary-foreground': onWhite >= onBlack ? '0 0% 100%' : '0 0% 0%',
  }
}
