import * as React from 'react'
import { toast as showToast } from 'sonner'

export { Toaster } from 'sonner'

/** Same shape as `Toast` in app/utils/toast.server.ts (kept separate so browser code never imports a .server file). */
export interface Toast {
  id: string
  type: 'success' | 'error' | 'info' | 'message'
  title: string
  description?: string
}

/** Shows a flashed toast once per `toast.id`. Render next to <Toaster /> in root, fed by the root loader. */
export function ShowToast({ toast }: { toast: Toast }) {
  const { id, type, title, description } = toast
  React.useEffect(() => {
    // Defer so the <Toaster /> has mounted on first render.
    const timeout = setTimeout(() => {
      showToast[type](title, { id, description })
    }, 0)
    return () => clearTimeout(timeout)
  }, [id, type, title, description])
  return null
}
