import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { attachmentDisposition } from '../../../domain/files/files.rules'
import { MAX_FILE_SIZE } from '../../../domain/files/files.schemas'
import { readDownload, receiveUpload } from '../../../domain/files/storage'
import { localStore } from '../../../domain/files/object-store'
import { DomainError, HTTP_STATUS } from '../../../domain/shared/errors'
import { logError } from '../../../domain/shared/log'

/**
 * The local object store's edge (used when S3_BUCKET is not set): PUT /files/upload/<key> and
 * GET /files/download/<key>, both authorised by the signed query string alone.
 */

const jsonReply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  })

function failure(err: unknown, scope: string) {
  if (err instanceof DomainError) return { status: HTTP_STATUS[err.code], message: err.message }
  logError(scope, err)
  return { status: 500, message: 'Something went wrong on our side. Please try again.' }
}

/** The key after `upload/` or `download/` in the splat, or null for any other path. */
function keyAfter(prefix: 'upload' | 'download', splat: string | undefined) {
  return splat?.startsWith(`${prefix}/`) ? splat.slice(prefix.length + 1) : null
}

/**
 * Reads at most limit + 1 bytes, so an oversized body is never buffered whole yet still fails
 * the size check (after the signature check, which comes first).
 */
async function readCapped(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    total += value.length
    if (total > limit) {
      await reader.cancel()
      break
    }
  }
  const out = new Uint8Array(Math.min(total, limit + 1))
  let offset = 0
  for (const c of chunks) {
    const part = c.subarray(0, out.length - offset)
    out.set(part, offset)
    offset += part.length
    if (offset >= out.length) break
  }
  return out
}

export async function action({ request, params }: ActionFunctionArgs) {
  const key = keyAfter('upload', params['*'])
  if (!key) return jsonReply(404, { success: false, message: 'Not found' })
  if (request.method !== 'PUT')
    return jsonReply(405, { success: false, message: `Method ${request.method} is not allowed` })
  try {
    const query = new URL(request.url).searchParams
    // The link's signature first (403), then at most the size it was signed for is read.
    const { size } = localStore.checkUploadLink(key, query)
    const body = await readCapped(request, Math.min(size, MAX_FILE_SIZE))
    await receiveUpload(key, query, request.headers.get('content-type'), body)
    return jsonReply(200, { success: true, message: 'File uploaded' })
  } catch (err) {
    const { status, message } = failure(err, 'files.upload')
    return jsonReply(status, { success: false, message })
  }
}

/**
 * A person who followed a download link in the browser gets a page with the app's layout and a
 * way back, not a bare text body. This route serves bytes, so it cannot render one itself (a
 * route with a page renders it instead of a returned file): it sends the browser to one.
 * Programs (fetch, curl: no text/html in Accept) keep the plain status and message.
 */
const wantsPage = (request: Request) => (request.headers.get('accept') ?? '').includes('text/html')
const unavailablePage = (reason: 'missing' | 'link') =>
  new Response(null, {
    status: 303,
    headers: { Location: `/files/unavailable?reason=${reason}`, 'Cache-Control': 'no-store' },
  })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = keyAfter('download', params['*'])
  if (!key) {
    if (wantsPage(request)) return unavailablePage('missing')
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  try {
    const file = await readDownload(key, new URL(request.url).searchParams)
    return new Response(file.bytes, {
      status: 200,
      headers: {
        'Content-Type': file.content_type,
        'Content-Length': String(file.bytes.length),
        'Content-Disposition': attachmentDisposition(file.filename),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  } catch (err) {
    const { status, message } = failure(err, 'files.download')
    if (wantsPage(request) && (status === 404 || status === 403))
      return unavailablePage(status === 404 ? 'missing' : 'link')
    return new Response(message, {
      status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
}
