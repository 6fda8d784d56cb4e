// A promotion's thumbnail is an image staff upload to the `public` folder (the same presigned
// upload as every file); `thumbnail` keeps its key, as spec/03 section 7 spells the field. Whoever
// may read the promotion gets a short-lived address of the image beside it.
import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { getDb } from '../../db/client'
import { files } from '../../db/schema'
import { validation } from '../shared/errors'
import { DOWNLOAD_TTL_SECONDS, objectStore } from '../files/object-store'
import { findFile, isUploaded } from '../files/storage'

/** The image types a thumbnail may be (browsers show both). */
export const THUMBNAIL_TYPES = ['image/png', 'image/jpeg'] as const
export const THUMBNAIL_MSG = 'Upload the thumbnail as a PNG or JPEG image'

/** A thumbnail key must name an uploaded PNG or JPEG in the `public` folder; else 400 on `thumbnail`. */
export async function assertThumbnail(key: string) {
  const row = await findFile(key)
  const ok =
    !!row &&
    row.folder === 'public' &&
    (THUMBNAIL_TYPES as readonly string[]).includes(row.content_type) &&
    (await isUploaded(row))
  if (!ok) throw validation('thumbnail', THUMBNAIL_MSG)
}

/**
 * The download addresses (5 minutes) of the thumbnails of `keys` that are uploaded images, by key,
 * in one query. A key that is no uploaded file (an address stored before uploads) gets none.
 */
export async function thumbnailUrls(keys: (string | null)[], db: DbOrTx = getDb()) {
  const wanted = [...new Set(keys.filter((k): k is string => !!k))]
  const urls = new Map<string, string>()
  if (!wanted.length) return urls
  const rows = await db
    .select({ key: files.key, filename: files.filename, uploaded_at: files.uploaded_at })
    .from(files)
    .where(inArray(files.key, wanted))
  for (const r of rows) {
    if (!r.uploaded_at) continue
    urls.set(
      r.key,
      await objectStore().downloadUrl({ key: r.key, filename: r.filename, ttlSeconds: DOWNLOAD_TTL_SECONDS }),
    )
  }
  return urls
}
