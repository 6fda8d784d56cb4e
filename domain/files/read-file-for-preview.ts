import { type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { objectStore } from './object-store'
import { defineUseCase } from '../shared/authorize'
import { findFile, maySee, isUploaded } from './storage'

/**
 * The bytes of an uploaded file the caller may see, served from the app's own origin so the page
 * can draw it (the task view's PDF preview: pdf.js reads it with fetch). Same refusals as
 * createDownloadUrl: anything the caller may not see is NOT_FOUND.
 */
export const readFileForPreview = defineUseCase(
  { staff: true, agency: true },
  async function readFileForPreview(opts: { actor: Actor; key: string }) {
    const row = await findFile(opts.key)
    if (!row || !maySee(opts.actor, row) || !(await isUploaded(row))) throw notFound('File')
    return { bytes: await objectStore().read(row.key), contentType: row.content_type, filename: row.filename }
  },
)
