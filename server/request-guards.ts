import type { NextFunction, Request, Response } from 'express'

/**
 * Methods the app answers itself. The Fetch API cannot even represent some others (TRACE, TRACK,
 * CONNECT: `new Request` throws), so they never reached a route and failed as a 500 with a stack.
 */
const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * Any other method: /api hands it to the router as OPTIONS, with the real one in
 * `res.locals.method` (passed on as `context.method`), which answers 405 with the path's `Allow`;
 * pages answer 405 here (they serve GET and POST).
 */
export function answerUnsupportedMethods(req: Request, res: Response, next: NextFunction) {
  if (SERVED_METHODS.has(req.method)) return next()
  if (req.path === '/api' || req.path.startsWith('/api/')) {
    res.locals.method = req.method
    req.method = 'OPTIONS'
    return next()
  }
  res
    .status(405)
    .set('Allow', 'GET, HEAD, POST')
    .type('text/plain')
    .send(`Method ${req.method} is not allowed`)
}

/**
 * PostgreSQL text cannot hold NUL (0x00): an address carrying one (`%00`, in a path param or a
 * search param) is refused before any page loader reads it. /api checks its own input and names
 * the field in its JSON answer.
 */
export function refuseNulInUrl(req: Request, res: Response, next: NextFunction) {
  if (!req.path.startsWith('/api/') && /%00/.test(req.originalUrl)) {
    res.status(400).type('text/plain').send('The address contains a character that is not allowed.')
    return
  }
  next()
}
