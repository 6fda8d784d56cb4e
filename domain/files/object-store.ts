import { randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rename, stat, writeFile, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import type { S3Client } from '@aws-sdk/client-s3'
import { clock } from '../shared/clock'
import { config, secretFor } from '../shared/config'
import { hmac, safeEqual } from '../shared/crypto'
import { DomainError, forbidden, notFound } from '../shared/errors'
import { attachmentDisposition, isSafeKey } from './files.rules'
import type { FileContentType } from './files.schemas'

/** Upload links live 15 minutes, download links 5 (DESIGN.md section 7). */
export const UPLOAD_TTL_SECONDS = 15 * 60
export const DOWNLOAD_TTL_SECONDS = 5 * 60

/** Where object bytes live. URLs are handed to the client, which moves the bytes itself. */
export interface ObjectStore {
  uploadUrl(o: {
    key: string
    contentType: FileContentType
    size: number
    ttlSeconds: number
  }): Promise<string>
  downloadUrl(o: { key: string; filename?: string; ttlSeconds: number }): Promise<string>
  /** Size and first bytes of a stored object, or null when nothing is stored under the key. */
  head(key: string): Promise<{ size: number; firstBytes: Uint8Array } | null>
  /** The stored bytes (at most MAX_FILE_SIZE), for the app's own preview of a file. */
  read(key: string): Promise<Uint8Array>
  /** Stores bytes the server itself produced (seeded demo documents), bypassing upload links. */
  put(key: string, bytes: Uint8Array, contentType: FileContentType): Promise<void>
}

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000)
const sign = (payload: string) => hmac(secretFor('files'), payload)
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/')
const uploadPayload = (key: string, expires: string, type: string, size: string) =>
  ['PUT', key, expires, type, size].join('\n')
const downloadPayload = (key: string, expires: string) => ['GET', key, expires].join('\n')

/** Signed links checked here: a bad or missing signature and an expired link are both 403. */
function checkSignature(payload: string, expires: string | null, sig: string | null) {
  if (!expires || !sig || !/^\d+$/.test(expires) || !safeEqual(sig, sign(payload)))
    throw forbidden('This link is not valid')
  if (Number(expires) < nowSeconds()) throw forbidden('This link has expired')
}

/** Development default: bytes under `${DATA_DIR}/files/<key>`, links signed with HMAC and served by the app. */
export class LocalStore implements ObjectStore {
  private root() {
    return path.resolve(config().DATA_DIR, 'files')
  }

  private pathOf(key: string) {
    const root = this.root()
    const target = path.resolve(root, key)
    if (!isSafeKey(key) || !target.startsWith(root + path.sep)) throw notFound('File')
    return target
  }

  async uploadUrl(o: { key: string; contentType: FileContentType; size: number; ttlSeconds: number }) {
    const expires = String(nowSeconds() + o.ttlSeconds)
    const sig = sign(uploadPayload(o.key, expires, o.contentType, String(o.size)))
    const q = new URLSearchParams({ expires, type: o.contentType, size: String(o.size), sig })
    return `${config().APP_URL}/files/upload/${encodeKey(o.key)}?${q}`
  }

  async downloadUrl(o: { key: string; ttlSeconds: number }) {
    const expires = String(nowSeconds() + o.ttlSeconds)
    const q = new URLSearchParams({ expires, sig: sign(downloadPayload(o.key, expires)) })
    return `${config().APP_URL}/files/download/${encodeKey(o.key)}?${q}`
  }

  async head(key: string) {
    let handle: FileHandle
    try {
      handle = await open(this.pathOf(key), 'r')
    } catch (err) {
      if (err instanceof DomainError || (err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
    try {
      const { size } = await handle.stat()
      const firstBytes = new Uint8Array(8)
      const { bytesRead } = await handle.read(firstBytes, 0, 8, 0)
      return { size, firstBytes: firstBytes.subarray(0, bytesRead) }
    } finally {
      await handle.close()
    }
  }

  put(key: string, bytes: Uint8Array) {
    return this.write(key, bytes)
  }

  /** The declared type and size an upload link was signed for. */
  checkUploadLink(key: string, query: URLSearchParams) {
    const type = query.get('type') ?? ''
    const size = query.get('size') ?? ''
    const expires = query.get('expires')
    checkSignature(uploadPayload(key, expires ?? '', type, size), expires, query.get('sig'))
    return { type, size: Number(size) }
  }

  checkDownloadLink(key: string, query: URLSearchParams) {
    const expires = query.get('expires')
    checkSignature(downloadPayload(key, expires ?? ''), expires, query.get('sig'))
  }

  /** Writes through a temporary file so a reader never sees half an object. */
  async write(key: string, bytes: Uint8Array) {
    const target = this.pathOf(key)
    await mkdir(path.dirname(target), { recursive: true })
    const tmp = `${target}.${randomUUID()}.part`
    await writeFile(tmp, bytes)
    await rename(tmp, target)
  }

  async read(key: string): Promise<Uint8Array<ArrayBuffer>> {
    const target = this.pathOf(key)
    try {
      await stat(target)
    } catch {
      throw notFound('File')
    }
    return new Uint8Array(await readFile(target))
  }
}

let s3: Promise<S3Client> | undefined
const s3Client = () =>
  (s3 ??= import('@aws-sdk/client-s3').then(({ S3Client }) => new S3Client({ region: config().S3_REGION })))

/**
 * Production: the client talks to S3 directly. The bytes never pass through the app, so the real
 * type and size are checked when the file is first used (see `head`).
 */
export class S3Store implements ObjectStore {
  constructor(private readonly bucket: string) {}

  async uploadUrl(o: { key: string; contentType: FileContentType; size: number; ttlSeconds: number }) {
    const [{ PutObjectCommand }, { getSignedUrl }] = await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@aws-sdk/s3-request-presigner'),
    ])
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: o.key,
      ContentType: o.contentType,
      ContentLength: o.size,
    })
    return getSignedUrl(await s3Client(), command, {
      expiresIn: o.ttlSeconds,
      signableHeaders: new Set(['content-type', 'content-length']),
    })
  }

  async downloadUrl(o: { key: string; filename?: string; ttlSeconds: number }) {
    const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@aws-sdk/s3-request-presigner'),
    ])
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: o.key,
      ResponseContentDisposition: o.filename ? attachmentDisposition(o.filename) : undefined,
      ResponseCacheControl: 'private, no-store',
    })
    return getSignedUrl(await s3Client(), command, { expiresIn: o.ttlSeconds })
  }

  async head(key: string) {
    const { GetObjectCommand, NoSuchKey } = await import('@aws-sdk/client-s3')
    try {
      const res = await (
        await s3Client()
      ).send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: 'bytes=0-7' }))
      const firstBytes = res.Body ? await res.Body.transformToByteArray() : new Uint8Array()
      // With a range, the total size is after the slash of Content-Range: "bytes 0-7/12345".
      const total = Number(/\/(\d+)$/.exec(res.ContentRange ?? '')?.[1] ?? res.ContentLength ?? 0)
      return { size: total, firstBytes }
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null
      throw err
    }
  }

  async read(key: string) {
    const { GetObjectCommand, NoSuchKey } = await import('@aws-sdk/client-s3')
    try {
      const res = await (await s3Client()).send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
      return res.Body ? await res.Body.transformToByteArray() : new Uint8Array()
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') throw notFound('File')
      throw err
    }
  }

  async put(key: string, bytes: Uint8Array, contentType: FileContentType) {
    const { PutObjectCommand } = await import('@aws-sdk/client-s3')
    await (
      await s3Client()
    ).send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }))
  }
}

/** S3 when `S3_BUCKET` is set, otherwise local disk. */
export function objectStore(): ObjectStore {
  const bucket = config().S3_BUCKET
  return bucket ? new S3Store(bucket) : localStore
}

export const localStore = new LocalStore()
