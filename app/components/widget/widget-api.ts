/**
 * The embedded widget's calls to the public API (/api/wordpress), from the browser inside the
 * iframe: the token the page was rendered with, renewed from the parent origin when it runs out
 * (the secret never reaches a browser; DESIGN.md section 11).
 */
export type WidgetSession = { clientId: string; parentOrigin: string; token: string }

export type ApiFailure = { status: number; message: string; errors: Record<string, string[]> }

export class WidgetApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message)
  }
}

async function renew(session: WidgetSession) {
  const res = await fetch('/api/wordpress/validateClientOAuth', {
    method: 'POST',
    headers: {
      'x-client-id': session.clientId,
      'x-from-iframe': 'true',
      'x-parent-origin': session.parentOrigin,
    },
  })
  if (!res.ok) return false
  const body = (await res.json()) as { data: { token: string } }
  session.token = body.data.token
  return true
}

/**
 * One call; a 401 (the token ran out) renews the token once and tries again. A call about a
 * purchase sends its secret (answered by createStudentDetails and kept only in this page's memory:
 * the token is the site's, the secret is what proves the purchase is this browser's).
 */
export async function widgetCall<T>(
  session: WidgetSession,
  method: 'GET' | 'POST',
  path: string,
  opts: { query?: Record<string, string>; body?: unknown; purchaseSecret?: string } = {},
): Promise<{ data: T; body: Record<string, unknown> }> {
  const url = new URL(`/api/wordpress${path}`, window.location.origin)
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v)
  const send = () =>
    fetch(url, {
      method,
      headers: {
        'x-client-id': session.clientId,
        'x-access-token': session.token,
        ...(opts.purchaseSecret ? { 'x-purchase-secret': opts.purchaseSecret } : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    })
  let res = await send()
  if (res.status === 401 && (await renew(session))) res = await send()
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>
  if (!res.ok)
    throw new WidgetApiError({
      status: res.status,
      message: typeof body.message === 'string' ? body.message : 'Something went wrong. Please try again.',
      errors: (body.errors as Record<string, string[]>) ?? {},
    })
  return { data: body.data as T, body }
}

/** Tells the page embedding the widget something (only that page's origin receives it). */
export function tellHost(parentOrigin: string, type: string, detail?: unknown, height?: number) {
  if (window.parent === window) return
  window.parent.postMessage({ type, detail, ...(height === undefined ? {} : { height }) }, parentOrigin)
}
