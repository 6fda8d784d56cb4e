import type { LoaderFunctionArgs } from '@remix-run/node'
import { readFileForPreview } from '../../../domain/files/read-file-for-preview'
import { attachmentDisposition } from '../../../domain/files/files.rules'
import { DomainError } from '../../../domain/shared/errors'
import { requireAccess } from '../../utils/session.server'

/**
 * GET /files/preview?key=<key> (app/utils/file-href.ts builds it): the bytes of a stored file the
 * signed-in person may see, from the app's own origin, so the task view can draw a PDF with pdf.js
 * and show an image in the page. Still an attachment when opened directly; anything the person may
 * not see is a bare 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, readFileForPreview.access)
  const key = new URL(request.url).searchParams.get('key') ?? ''
  try {
    const file = await readFileForPreview({ actor, key })
    return new Response(Buffer.from(file.bytes), {
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': attachmentDisposition(file.filename),
        'Cache-Control': 'private, no-store',
      },
    })
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NOT_FOUND')
      return new Response('File not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
    throw err
  }
}
