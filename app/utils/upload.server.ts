import type { Actor } from '../../domain/shared/actor'
import { DomainError } from '../../domain/shared/errors'
import { createUploadUrl } from '../../domain/files/create-upload-url'
import { receiveUpload } from '../../domain/files/storage'
import {
  FILE_CONTENT_TYPES,
  FILE_TYPE_MSG,
  type FileContentType,
  type FileFolder,
} from '../../domain/files/files.schemas'

/**
 * Stores a file posted in a multipart form (pages that work without JavaScript) through the same
 * presigned-upload checks as API clients: the URL is issued, then the bytes are put to it.
 */
export async function storeFormFile(opts: {
  actor: Actor
  file: FormDataEntryValue | null
  field: string
  agencyId?: number
  /** The upload folder (default private). */
  folder?: FileFolder
}) {
  const { file, field } = opts
  if (!file || typeof file === 'string' || file.size === 0) {
    throw new DomainError('VALIDATION', 'Choose a file to upload', { [field]: ['Choose a file to upload'] })
  }
  const type = file.type as FileContentType
  if (!FILE_CONTENT_TYPES.includes(type))
    throw new DomainError('VALIDATION', FILE_TYPE_MSG, { [field]: [FILE_TYPE_MSG] })
  const { url, key } = await createUploadUrl({
    actor: opts.actor,
    filename: file.name,
    content_type: type,
    size: file.size,
    folder: opts.folder ?? 'private',
    agencyId: opts.agencyId,
  })
  const bytes = new Uint8Array(await file.arrayBuffer())
  const target = new URL(url)
  if (target.pathname.startsWith('/files/upload/')) {
    await receiveUpload(
      decodeURIComponent(target.pathname.slice('/files/upload/'.length)),
      target.searchParams,
      type,
      bytes,
    )
  } else {
    const res = await fetch(url, { method: 'PUT', body: bytes, headers: { 'Content-Type': type } })
    if (!res.ok)
      throw new DomainError('VALIDATION', 'The file could not be stored', {
        [field]: ['The file could not be stored'],
      })
  }
  return { key, filename: file.name }
}
