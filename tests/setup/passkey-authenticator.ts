// A software passkey for tests (issue 24): an ES256 key pair from node:crypto, answering
// registration options with attestation `none` and authentication options with a signed
// assertion, encoded as a browser's @simplewebauthn/browser would hand them to the server.
// CBOR by @simplewebauthn/server's own helpers (isoCBOR); nothing here is checked by it.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64url = (b: Uint8Array | Buffer | string) => Buffer.from(b).toString('base64url')
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest()
const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}

const UP = 0x01
const UV = 0x04
const AT = 0x40

export class SoftPasskey {
  readonly credentialId = randomBytes(16)
  private readonly privateKey: KeyObject
  private readonly publicKey: KeyObject
  /** The signature counter the next assertion carries (set it to test a cloned key). */
  counter = 0

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = pair.privateKey
    this.publicKey = pair.publicKey
  }

  get id() {
    return b64url(this.credentialId)
  }

  /** The COSE_Key of the public key (EC2, ES256, P-256). */
  private coseKey() {
    const jwk = this.publicKey.export({ format: 'jwk' })
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    )
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** The answer to registration options (navigator.credentials.create), attestation `none`. */
  register(options: { challenge: string }, opts: { origin?: string } = {}) {
    const credId = this.credentialId
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([UP | UV | AT]),
      u32(this.counter),
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([credId.length >> 8, credId.length & 0xff]),
      credId,
      Buffer.from(this.coseKey()),
    ])
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, number> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, number>()],
        ['authData', new Uint8Array(authData)],
      ]),
    )
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, opts.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    }
  }

  /** The answer to authentication options (navigator.credentials.get): a signed assertion. */
  assert(options: { challenge: string }, opts: { counter?: number } = {}) {
    if (opts.counter !== undefined) this.counter = opts.counter
    else this.counter += 1
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([UP | UV]), u32(this.counter)])
    const clientDataJSON = this.clientData('webauthn.get', options.challenge)
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey)
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    }
  }
}

/** A challenge nobody issued (base64url of 32 random bytes). */
export const strayChallenge = () => b64url(randomBytes(32))
