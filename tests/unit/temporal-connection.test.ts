import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../../domain/shared/config'
import { temporalConnectionOptions } from '../../temporal/connection-options'

// How the web server's client and the worker connect to Temporal Cloud or a cluster: one function
// builds both connections' options from the settings (issue 28).

const SECRETS = {
  APP_SECRET: 'a-secret-of-this-test-only-0123456789',
  NEXPAY_WEBHOOK_SECRET: 'a-nexpay-secret-of-this-test-only',
}
const dir = mkdtempSync(path.join(tmpdir(), 'oshc-temporal-tls-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const pem = (name: string, label: string) => {
  const file = path.join(dir, name)
  writeFileSync(file, `-----BEGIN ${label}-----\nMIIB${name}\n-----END ${label}-----\n`)
  return file
}
const CERT = pem('client.pem', 'CERTIFICATE')
const KEY = pem('client.key', 'PRIVATE KEY')
const CA = pem('ca.pem', 'CERTIFICATE')

/** The options from an environment, as a process would build them at start. */
const optionsOf = (env: Record<string, string>) => temporalConnectionOptions(parseEnv({ ...SECRETS, ...env }))
const refusal = (env: Record<string, string>) => {
  try {
    optionsOf(env)
    return ''
  } catch (err) {
    return (err as Error).message
  }
}

describe('Temporal connection options', () => {
  it('the dev server: the address only, no TLS', () => {
    expect(optionsOf({ TEMPORAL_ADDRESS: '127.0.0.1:7233' })).toEqual({ address: '127.0.0.1:7233' })
    expect(optionsOf({ TEMPORAL_TLS: 'off' })).toEqual({ address: '127.0.0.1:7233' })
  })

  it('Temporal Cloud with an API key: the key, over TLS', () => {
    const o = optionsOf({ TEMPORAL_ADDRESS: 'eu-west-1.aws.api.temporal.io:7233', TEMPORAL_API_KEY: 'k-123' })
    expect(o).toEqual({ address: 'eu-west-1.aws.api.temporal.io:7233', apiKey: 'k-123', tls: {} })
  })

  it('mTLS: the client certificate and key read from their files, with a private CA and server name', () => {
    const o = optionsOf({
      TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233',
      TEMPORAL_TLS_CERT: CERT,
      TEMPORAL_TLS_KEY: KEY,
      TEMPORAL_TLS_CA: CA,
      TEMPORAL_TLS_SERVER_NAME: 'temporal.internal',
    })
    expect(o.apiKey).toBeUndefined()
    expect(o.tls?.clientCertPair?.crt.toString()).toContain('MIIBclient.pem')
    expect(o.tls?.clientCertPair?.key.toString()).toContain('MIIBclient.key')
    expect(o.tls?.serverRootCACertificate?.toString()).toContain('MIIBca.pem')
    expect(o.tls?.serverNameOverride).toBe('temporal.internal')
  })

  it('TLS on alone: the system roots, nothing else', () => {
    expect(optionsOf({ TEMPORAL_TLS: 'on' })).toEqual({ address: '127.0.0.1:7233', tls: {} })
  })

  it('refuses a key without its certificate, a certificate without its key, and TLS off with TLS settings', () => {
    expect(refusal({ TEMPORAL_TLS_KEY: KEY })).toMatch(/TEMPORAL_TLS_KEY needs TEMPORAL_TLS_CERT/)
    expect(refusal({ TEMPORAL_TLS_CERT: CERT })).toMatch(/TEMPORAL_TLS_CERT needs TEMPORAL_TLS_KEY/)
    expect(refusal({ TEMPORAL_TLS: 'off', TEMPORAL_API_KEY: 'k' })).toMatch(
      /TEMPORAL_TLS=off contradicts TEMPORAL_API_KEY/,
    )
    expect(refusal({ TEMPORAL_TLS: 'maybe' })).toMatch(/TEMPORAL_TLS: must be on or off/)
  })

  it('a missing or non-PEM file names its variable; the API key never appears in an error', () => {
    const missing = path.join(dir, 'nowhere.pem')
    expect(refusal({ TEMPORAL_TLS_CERT: missing, TEMPORAL_TLS_KEY: KEY })).toBe(
      `TEMPORAL_TLS_CERT: cannot read ${missing} (ENOENT)`,
    )
    const notPem = path.join(dir, 'not.pem')
    writeFileSync(notPem, 'hello')
    expect(refusal({ TEMPORAL_API_KEY: 'secret-key-1', TEMPORAL_TLS_CA: notPem })).toBe(
      `TEMPORAL_TLS_CA: ${notPem} is not a PEM file (no -----BEGIN line)`,
    )
  })
})
