import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { z } from 'zod'

// Zod probes `new Function` to compile fast parsers; the Content-Security-Policy forbids eval, so
// the probe would be reported as a violation. Validate without it (route modules load after this).
z.config({ jitless: true })

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  )
})
