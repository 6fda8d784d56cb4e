import { appOrigin } from '../../api/auth.server'

/**
 * Where to send someone after sign-in (`redirectTo`): the target resolved against the app's own
 * origin, as a browser would resolve the Location header, and used only when it stays on that
 * origin. A string test (`starts with /, not //`) is not enough: browsers read `/\evil.example`
 * as `//evil.example` and drop tabs and newlines (`/\t/evil.example`), so both leave the site.
 * The answer is the resolved path (with query and fragment), else `fallback`.
 */
export function safeRedirect(
  request: Request,
  to: FormDataEntryValue | string | null | undefined,
  fallback: string,
): string {
  const origin = appOrigin(request)
  if (!origin || typeof to !== 'string' || !to.trim()) return fallback
  let target: URL
  try {
    target = new URL(to, origin)
  } catch {
    return fallback
  }
  if (target.origin !== origin) return fallback
  return `${target.pathname}${target.search}${target.hash}`
}
