import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, files } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { forbidden, notFound } from '../shared/errors'
import { sanitiseFilename } from './files.rules'
import { type FileContentType, type FileFolder } from './files.schemas'
import { objectStore, UPLOAD_TTL_SECONDS } from './object-store'
import { defineUseCase } from '../shared/authorize'

/**
 * getUploadPresignedUrl and friends (any signed-in user): records the expected file and returns
 * a URL the client PUTs the bytes to within 15 minutes. The file belongs to the caller's agency
 * (agency side) or to `agencyId` when staff upload on an agency's behalf.
 */
export const createUploadUrl = defineUseCase(
  { staff: true, agency: true },
  async function createUploadUrl(opts: {
    actor: Actor
    filename: string
    content_type: FileContentType
    size: number
    folder: FileFolder
    agencyId?: number
  }): Promise<{ url: string; key: string }> {
    const { actor } = opts
    if (!isStaff(actor) && !isAgencySide(actor)) throw forbidden()
    let agencyId: number | null = null
    if (isAgencySide(actor)) {
      agencyId = actor.agencyId
    } else if (opts.agencyId !== undefined) {
      const [agency] = await getDb()
        .select({ id: agencies.id })
        .from(agencies)
        .where(eq(agencies.id, opts.agencyId))
      if (!agency) throw notFound('Agency')
      agencyId = agency.id
    }
    const key = `${opts.folder}/${randomUUID()}-${sanitiseFilename(opts.filename)}`
    await getDb().insert(files).values({
      key,
      folder: opts.folder,
      filename: opts.filename,
      content_type: opts.content_type,
      size: opts.size,
      uploaded_by: actor.identityId,
      agency_id: agencyId,
    })
    const url = await objectStore().uploadUrl({
      key,
      contentType: opts.content_type,
      size: opts.size,
      ttlSeconds: UPLOAD_TTL_SECONDS,
    })
    return { url, key }
  },
)
