import { Download } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * A link that downloads a document the server writes (an invoice or a remittance advice as a PDF):
 * a plain `download` anchor, so it works without JavaScript and the browser saves the attachment.
 */
export function DownloadLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      download
      className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm font-medium text-primary hover:bg-accent"
    >
      <Download className="h-4 w-4" aria-hidden="true" />
      {children}
    </a>
  )
}
