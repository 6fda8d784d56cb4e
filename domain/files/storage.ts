import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { files } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { clock } from '../shared/clock'
import { conflict, DomainError, notFound, validation } from '../shared/errors'
import { matchesContentType, sniffContentType } from './files.rules'
import { FILE_CONTENT_TYPES, FILE_SIZE_MSG, MAX_FILE_SIZE, type FileContentType } from './files.schemas'
import { DOWNLOAD_TTL_SECONDS, localStore, objectStore } from './object-store'

export type { ObjectStore } from './object-store'

type FileRow = typeof files.$inferSelect

const isContentType = (v: string): v is FileContentType =>
  (FILE_CONTENT_TYPES as readonly string[]).includes(v)

export async function findFile(key: string): Promise<FileRow | undefined> {
  const [row] = await getDb().select().from(files).where(eq(files.key, key))
  return row
}

/** Staff see every file; the agency side sees what it uploaded and what belongs to its agency. */
export function maySee(actor: Actor, row: FileRow): boolean {
  if (isStaff(actor)) return true
  if (isAgencySide(actor)) return row.uploaded_by === actor.identityId || row.agency_id === actor.agencyId
  return false
}

/**
 * Whether the bytes are stored. Local uploads are marked when the app receives them; S3 uploads
 * bypass the app, so the first use checks the stored object's size and magic bytes and marks it.
 */
export async function isUploaded(row: FileRow): Promise<boolean> {
  if (row.uploaded_at) return true
  const head = await objectStore().head(row.key)
  if (!head || head.size !== row.size || !isContentType(row.content_type)) return false
  if (!matchesContentType(head.firstBytes, row.content_type)) return false
  await getDb().update(files).set({ uploaded_at: clock.now() }).where(eq(files.id, row.id))
  return true
}

/**
 * A short-lived (5 minutes) absolute download URL for a key. Callers authorise first: this
 * signs whatever it is given (used for records the caller has already been allowed to read).
 */
export async function presignDownload(key: string): Promise<string> {
  const row = await findFile(key)
  return objectStore().downloadUrl({ key, filename: row?.filename, ttlSeconds: DOWNLOAD_TTL_SECONDS })
}

/**
 * Guards attaching an uploaded file to a record of `agencyId`: the key must be an uploaded file;
 * staff may use any, the agency side only its own uploads or its agency's files.
 * Anything else is reported as `file_path: File not found`, revealing nothing about other files.
 */
export async function assertFileUsable(key: string, actor: Actor, agencyId: number): Promise<void> {
  const row = await findFile(key)
  const allowed =
    !!row &&
    (isStaff(actor) ||
      (isAgencySide(actor) &&
        actor.agencyId === agencyId &&
        (row.uploaded_by === actor.identityId || row.agency_id === agencyId)))
  if (!row || !allowed || !(await isUploaded(row))) throw validation('file_path', 'File not found')
}

/**
 * assertFileUsable for every key, the refusal reported on `field` (`attachments`, `url`): the
 * same `File not found` whether the key is unknown, not uploaded or another agency's.
 */
export async function assertFilesUsable(
  field: string,
  keys: readonly string[],
  actor: Actor,
  agencyId: number,
) {
  for (const key of keys) {
    try {
      await assertFileUsable(key, actor, agencyId)
    } catch (err) {
      if (err instanceof DomainError && err.code === 'VALIDATION') throw validation(field, 'File not found')
      throw err
    }
  }
}

/**
 * The local store's PUT: checks the signature and expiry (403), then the Content-Type header
 * against the signed type, the size (1..5 MB and equal to the signed size) and the real type from
 * the magic bytes (400). Each key is written once.
 */
export async function receiveUpload(
  key: string,
  query: URLSearchParams,
  contentTypeHeader: string | null,
  body: Uint8Array,
): Promise<{ key: string; size: number }> {
  const signed = localStore.checkUploadLink(key, query)
  const header = (contentTypeHeader ?? '').split(';')[0].trim().toLowerCase()
  if (header !== signed.type)
    throw validation('content_type', `The Content-Type header must be ${signed.type}`)
  if (body.length < 1 || body.length > MAX_FILE_SIZE) throw validation('size', FILE_SIZE_MSG)
  if (body.length !== signed.size) throw validation('size', 'The file size does not match the declared size')
  if (!isContentType(signed.type) || !matchesContentType(body, signed.type)) {
    throw validation('content_type', 'The file content does not match its declared type')
  }
  await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(files).where(eq(files.key, key)).for('update')
    if (!row) throw notFound('File')
    if (row.uploaded_at) throw conflict('This file has already been uploaded')
    await localStore.write(key, body)
    await tx.update(files).set({ uploaded_at: clock.now(), size: body.length }).where(eq(files.id, row.id))
  })
  return { key, size: body.length }
}

/** The local store's GET: checks the signature and expiry (403) and returns the bytes to stream. */
export async function readDownload(
  key: string,
  query: URLSearchParams,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; content_type: string; filename: string }> {
  localStore.checkDownloadLink(key, query)
  const row = await findFile(key)
  if (row && !row.uploaded_at) throw notFound('File')
  const bytes = await localStore.read(key)
  return {
    bytes,
    content_type: row?.content_type ?? sniffContentType(bytes) ?? 'application/octet-stream',
    filename: row?.filename ?? key.split('/').pop() ?? 'file',
  }
}
