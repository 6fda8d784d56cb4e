import { describe, expect, it } from 'vitest'
import {
  accentVariables,
  frameAncestors,
  normalizeOrigin,
  originAllowed,
} from '../../domain/public-clients/public-clients.rules'

describe('origins of a public client', () => {
  it.each([
    ['https://www.example.com', 'https://www.example.com'],
    ['HTTPS://WWW.Example.COM/', 'https://www.example.com'],
    ['https://example.com:443', 'https://example.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['https://*.example.com', 'https://*.example.com'],
    ['https://*.example.co.uk', 'https://*.example.co.uk'],
    ['https://*.shop.example.com.au', 'https://*.shop.example.com.au'],
    ['https://*.agency.github.io', 'https://*.agency.github.io'],
    ['https://*.example.com:8443', 'https://*.example.com:8443'],
  ])('accepts %s as %s', (input, origin) => {
    expect(normalizeOrigin(input)).toBe(origin)
  })

  it.each([
    'https://www.example.com/shop',
    'https://www.example.com?x=1',
    'ftp://example.com',
    'https://user:pw@example.com',
    'https://*.com',
    'https://a.*.example.com',
    '*.example.com',
    'example.com',
    '',
  ])('refuses %s', (input) => {
    expect(normalizeOrigin(input)).toBeNull()
  })

  // The Public Suffix List (ICANN and private sections): a wildcard over a suffix anyone can
  // register under would let any site embed the widget.
  it.each([
    'https://*.github.io',
    'https://*.co.uk',
    'https://*.com.au',
    'https://*.blogspot.com',
    'https://*.herokuapp.com',
    'http://*.0.0.1',
  ])('refuses the wildcard over a public suffix %s', (input) => {
    expect(normalizeOrigin(input)).toBeNull()
  })

  it('ignores a stored wildcard over a public suffix (saved before the rule)', () => {
    expect(originAllowed(['https://*.github.io'], 'https://attacker.github.io')).toBe(false)
    expect(originAllowed(['https://*.co.uk'], 'https://attacker.co.uk')).toBe(false)
    expect(originAllowed(['https://*.agency.github.io'], 'https://shop.agency.github.io')).toBe(true)
  })

  it('matches exact origins and one label under a wildcard, scheme and port included', () => {
    const list = ['https://shop.example.com', 'https://*.partner.org']
    expect(originAllowed(list, 'https://shop.example.com')).toBe(true)
    expect(originAllowed(list, 'http://shop.example.com')).toBe(false)
    expect(originAllowed(list, 'https://shop.example.com:8443')).toBe(false)
    expect(originAllowed(list, 'https://a.partner.org')).toBe(true)
    expect(originAllowed(list, 'https://partner.org')).toBe(false)
    expect(originAllowed(list, 'https://a.b.partner.org')).toBe(false)
    expect(originAllowed(list, 'https://evilpartner.org')).toBe(false)
    expect(originAllowed(list, 'null')).toBe(false)
    expect(originAllowed(list, null)).toBe(false)
  })

  it('lists the origins as frame-ancestors, or none', () => {
    expect(frameAncestors(['https://a.org', 'https://*.b.org'])).toBe('https://a.org https://*.b.org')
    expect(frameAncestors([])).toBe("'none'")
  })
})

describe('the widget accent', () => {
  it('turns #rrggbb into the primary colour with the more readable text colour', () => {
    expect(accentVariables('#1d4ed8')).toEqual({
      '--primary': '224.3 76.3% 48%',
      '--primary-foreground': '0 0% 100%',
    })
    expect(accentVariables('#fde047')['--primary-foreground']).toBe('0 0% 0%')
    expect(accentVariables('#000000')).toEqual({
      '--primary': '0 0% 0%',
      '--primary-foreground': '0 0% 100%',
    })
    expect(accentVariables(null)).toEqual({})
    expect(accentVariables('red')).toEqual({})
  })
})
