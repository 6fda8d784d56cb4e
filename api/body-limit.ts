/**
 * Request bodies are read up to a limit, never whole on trust: a declared Content-Length beyond it
 * is refused before a byte is read, and a body without one (chunked) stops being read as soon as
 * it passes the limit. Header and URL sizes keep Node's own limits (16 KB of headers).
 */

export const BODY_TOO_LARGE_MSG = 'The request body is too large'

/** Whether the request declares (Content-Length) more than `limit` bytes. */
export function declaresMoreThan(request: Request, limit: number): boolean {
  const declared = request.headers.get('content-length')
  return declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit
}

/**
 * The body's bytes, or null when it holds more than `limit` bytes (declared or streamed); reading
 * stops there. The stream is left unread, not cancelled: cancelling destroys the Node request and
 * with it the socket, so the client would see a reset instead of the 413. Node discards the rest
 * once the answer is sent, and a 413 of /api also closes the connection (`Connection: close`).
 */
export async function readBytesCapped(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (declaresMoreThan(request, limit)) return null
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.length
    if (total > limit) {
      reader.releaseLock()
      return null
    }
    chunks.push(value)
  }
  const out = new Uint8Array(total)
  let offset = 0
  for (const c of chunks) {
    out.set(c, offset)
    offset += c.length
  }
  return out
}

/** The body as UTF-8 text, or null when it holds more than `limit` bytes. */
export async function readTextCapped(request: Request, limit: number): Promise<string | null> {
  const bytes = await readBytesCapped(request, limit)
  return bytes === null ? null : new TextDecoder().decode(bytes)
}
