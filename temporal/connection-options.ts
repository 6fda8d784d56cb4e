import { readFileSync } from 'node:fs'
import { config, type Config } from '../domain/shared/config'

type Settings = Pick<
  Config,
  | 'TEMPORAL_ADDRESS'
  | 'TEMPORAL_API_KEY'
  | 'TEMPORAL_TLS'
  | 'TEMPORAL_TLS_CERT'
  | 'TEMPORAL_TLS_KEY'
  | 'TEMPORAL_TLS_CA'
  | 'TEMPORAL_TLS_SERVER_NAME'
>

/** TLS as both connections take it (the client's `Connection` and the worker's `NativeConnection`). */
export type TemporalTls = {
  serverNameOverride?: string
  serverRootCACertificate?: Buffer
  clientCertPair?: { crt: Buffer; key: Buffer }
}

/** The options both `Connection.connect` (web) and `NativeConnection.connect` (worker) take. */
export type TemporalConnectionOptions = { address: string; tls?: TemporalTls; apiKey?: string }

/** A PEM file a setting names; an unreadable or non-PEM file is an error naming the setting. */
function pemFile(variable: string, file: string): Buffer {
  let content: Buffer
  try {
    content = readFileSync(file)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable'
    throw new Error(`${variable}: cannot read ${file} (${code})`)
  }
  if (!content.includes('-----BEGIN '))
    throw new Error(`${variable}: ${file} is not a PEM file (no -----BEGIN line)`)
  return content
}

/**
 * How this process connects to Temporal: the dev server (address only), or Temporal Cloud or a
 * cluster with TLS, an API key (which implies TLS) and/or an mTLS client certificate. The
 * configuration refuses contradictions (a key without its certificate, TLS off with an API key);
 * here the files are read, so a missing one fails at start naming its variable.
 */
export function temporalConnectionOptions(settings: Settings = config()): TemporalConnectionOptions {
  const {
    TEMPORAL_ADDRESS: address,
    TEMPORAL_API_KEY: apiKey,
    TEMPORAL_TLS_CERT: cert,
    TEMPORAL_TLS_KEY: key,
    TEMPORAL_TLS_CA: ca,
    TEMPORAL_TLS_SERVER_NAME: serverName,
  } = settings
  if (Boolean(cert) !== Boolean(key))
    throw new Error('TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY are set together (mTLS) or not at all')
  const tlsOn = settings.TEMPORAL_TLS
    ? settings.TEMPORAL_TLS === 'on'
    : Boolean(apiKey || cert || ca || serverName)
  if (!tlsOn && (apiKey || cert || ca || serverName))
    throw new Error('TEMPORAL_TLS=off, but an API key or TLS file needs TLS')
  if (!tlsOn) return { address }
  const tls: TemporalTls = {}
  if (cert && key)
    tls.clientCertPair = {
      crt: pemFile('TEMPORAL_TLS_CERT', cert),
      key: pemFile('TEMPORAL_TLS_KEY', key),
    }
  if (ca) tls.serverRootCACertificate = pemFile('TEMPORAL_TLS_CA', ca)
  if (serverName) tls.serverNameOverride = serverName
  return { address, tls, ...(apiKey ? { apiKey } : {}) }
}
