import type { LoaderFunctionArgs } from '@remix-run/node'
import { listen } from '../../../db/listen'
import { countUnread } from '../../../domain/notifications/find-notifications'
import { UNREAD_CHANNEL } from '../../../domain/notifications/unread-count'
import { requireUser } from '../../utils/session.server'

const HEARTBEAT_MS = 25_000

/**
 * GET /notifications/stream: server-sent events carrying the caller's unread count, sent when it
 * opens and whenever a change to it commits (PostgreSQL NOTIFY on `oshc_unread`, one LISTEN
 * connection per web process). The bell falls back to polling when the stream fails.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireUser(request)
  const me = actor.identityId
  const encoder = new TextEncoder()
  let stop = () => {}
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let last = -1
      let closed = false
      const send = async () => {
        if (closed) return
        const unread = await countUnread(me).catch(() => null)
        if (unread === null || unread === last || closed) return
        last = unread
        controller.enqueue(encoder.encode(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`))
      }
      const unsubscribe = await listen(UNREAD_CHANNEL, (payload) => {
        // '' after a reconnection: something may have been missed.
        if (payload === '' || payload.split(',').includes(String(me))) void send()
      })
      const beat = setInterval(() => controller.enqueue(encoder.encode(': keep-alive\n\n')), HEARTBEAT_MS)
      stop = () => {
        if (closed) return
        closed = true
        clearInterval(beat)
        unsubscribe()
        try {
          controller.close()
        } catch {
          // already closed by the client going away
        }
      }
      request.signal.addEventListener('abort', stop)
      await send()
    },
    cancel() {
      stop()
    },
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  })
}
