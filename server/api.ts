import type { NextFunction, Request, Response } from 'express'
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@remix-run/node'
import { handleApiRequest } from '../api/router.server'
import { bufferedText } from '../api/respond'
import { loadContext } from './edge'

/**
 * /api straight from Express to the endpoint table, without Remix's route matching and loader
 * pipeline (a fifth of an API call's CPU in a profile of the quote call). Bodies stream both ways
 * (uploads in, exports out); a client that goes away aborts the request.
 */
export async function serveApi(req: Request, res: Response, next: NextFunction) {
  const controller = new AbortController()
  // Only a client gone before the answer aborts (an abort makes a DOMException: not for every call).
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req)
    init.duplex = 'half'
  }
  let request: globalThis.Request
  try {
    request = new globalThis.Request(`${req.protocol}://${req.get('host')}${req.originalUrl}`, init)
  } catch {
    res.status(400).type('text/plain').send('Bad request')
    return
  }
  try {
    const { clientIp, method } = loadContext(req, res)
    const response = await handleApiRequest(request, { clientIp, method })
    res.status(response.status)
    for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value)
    const cookies = response.headers.getSetCookie()
    if (cookies.length) res.setHeader('set-cookie', cookies)
    const text = bufferedText(response)
    if (req.method === 'HEAD' || !response.body) res.end()
    else if (text !== undefined) res.end(text)
    else await writeReadableStreamToWritable(response.body, res)
  } catch (err) {
    next(err)
  }
}
