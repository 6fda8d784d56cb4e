import { Writable } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceContext } from './utils/nonce'

const ABORT_DELAY = 5_000

/** The web server takes its request chain from here, so it runs this build's one copy of the app. */
export * as webProcess from '../server/web-process'

/**
 * Remix's node entry, plus the Content-Security-Policy nonce: every inline script Remix renders
 * (hydration data, module loader, scroll restoration) carries the nonce of this response, so the
 * policy needs no 'unsafe-inline' for scripts.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? ''
  // The whole document, then one write. No route defers data, so streaming the shell first would
  // only cut the same bytes into some thirty writes through a web stream. A route that defers
  // would need the shell streamed again.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const chunks: Buffer[] = []
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
      final(done) {
        const html = Buffer.concat(chunks)
        responseHeaders.set('Content-Type', 'text/html')
        responseHeaders.set('Content-Length', String(html.byteLength))
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
        done()
      },
    })
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true
        },
        onAllReady() {
          clearTimeout(timer)
          pipe(body)
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors before the shell reject above and are logged by Remix.
          if (shellRendered) console.error(error)
        },
      },
    )
    const timer = setTimeout(abort, ABORT_DELAY)
  })
}
