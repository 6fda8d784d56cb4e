import { z } from 'zod'

// Zod probes `new Function` to compile fast parsers when an object schema is created. The
// Content-Security-Policy forbids eval, so in the browser the probe would be reported as a
// violation: validate without it there. Bundled with Zod itself (vite.config.ts manualChunks) and
// imported by app/root.tsx, so it runs as soon as Zod loads, before any schema is built.
if (typeof document !== 'undefined') z.config({ jitless: true })
