import { type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { DOWNLOAD_TTL_SECONDS, objectStore } from './object-store'
import { defineUseCase } from '../shared/authorize'
import { findFile, maySee, isUploaded } from './storage'

/**
 * getDownloadPresignedUrl (any signed-in user): a 5-minute URL for an uploaded file the caller
 * may see. Unknown, not yet uploaded and other agencies' files are all NOT_FOUND (never 403).
 */
export const createDownloadUrl = defineUseCase(
  { staff: true, agency: true },
  async function createDownloadUrl(opts: { actor: Actor; key: string }): Promise<{ url: string }> {
    const row = await findFile(opts.key)
    if (!row || !maySee(opts.actor, row) || !(await isUploaded(row))) throw notFound('File')
    return {
      url: await objectStore().downloadUrl({
        key: row.key,
        filename: row.filename,
        ttlSeconds: DOWNLOAD_TTL_SECONDS,
      }),
    }
  },
)
