import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { z } from 'zod'
import { isDemo, secretFor } from '../../domain/shared/config'

export const toastKey = 'toast'

export const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(['success', 'error', 'info', 'message']),
  title: z.string(),
  description: z.string().optional(),
})

export type Toast = z.infer<typeof ToastSchema>
export type ToastInput = Omit<Toast, 'id' | 'type'> & { type?: Toast['type'] }

export const toastSessionStorage = createCookieSessionStorage({
  cookie: {
    name: 'oshc_toast',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secrets: [secretFor('toast-cookie')],
    secure: !isDemo(),
  },
})

/** Headers that flash `toast` into the toast cookie (shown on the next page render). */
export async function createToastHeaders(toastInput: ToastInput): Promise<Headers> {
  const session = await toastSessionStorage.getSession()
  const toast = ToastSchema.parse({ type: 'message', ...toastInput, id: crypto.randomUUID() })
  session.flash(toastKey, toast)
  const cookie = await toastSessionStorage.commitSession(session)
  return new Headers({ 'set-cookie': cookie })
}

/**
 * Read (and consume) the flashed toast. Return `headers` from the loader when not null so the
 * cookie is cleared: `return data({ toast }, { headers: headers ?? undefined })`.
 */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastSessionStorage.getSession(request.headers.get('cookie'))
  const result = ToastSchema.safeParse(session.get(toastKey))
  const toast = result.success ? result.data : null
  return {
    toast,
    headers: toast ? new Headers({ 'set-cookie': await toastSessionStorage.destroySession(session) }) : null,
  }
}

/** Merge several HeadersInit values; later values are appended (so multiple Set-Cookie survive). */
export function combineHeaders(...headers: Array<HeadersInit | null | undefined>): Headers {
  const combined = new Headers()
  for (const header of headers) {
    if (!header) continue
    for (const [key, value] of new Headers(header).entries()) {
      combined.append(key, value)
    }
  }
  return combined
}

/** `redirect(url)` that also flashes a toast. */
export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  init?: number | ResponseInit,
): Promise<Response> {
  const responseInit: ResponseInit = typeof init === 'number' ? { status: init } : (init ?? {})
  return redirect(url, {
    ...responseInit,
    headers: combineHeaders(responseInit.headers, await createToastHeaders(toast)),
  })
}
