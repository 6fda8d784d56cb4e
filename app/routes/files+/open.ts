import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { createDownloadUrl } from '../../../domain/files/create-download-url'
import { DomainError } from '../../../domain/shared/errors'
import { requireAccess } from '../../utils/session.server'

/**
 * GET /files/open?key=<key> (app/utils/file-href.ts builds it): a signed-in person opens a stored
 * file of a record on a page. A file they may see (staff any; the agency side its own agency's)
 * redirects to its 5-minute download link; an unknown, unfinished or other agency's file lands on
 * the app's "file not found" page, revealing nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, createDownloadUrl.access)
  const key = new URL(request.url).searchParams.get('key') ?? ''
  try {
    const { url } = await createDownloadUrl({ actor, key })
    return redirect(url, { headers: { 'Cache-Control': 'no-store' } })
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NOT_FOUND')
      return redirect('/files/unavailable?reason=missing', { headers: { 'Cache-Control': 'no-store' } })
    throw err
  }
}
