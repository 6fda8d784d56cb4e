import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import path from 'node:path'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

// Server-only trees: importing any of them from browser code must fail the build. Pure files
// (zod schemas, rules, enum lists, the clock seam) are shared with the browser for client-side validation.
const SERVER_ONLY = /\/(db|domain|api|temporal|workers|workflows)\//
const SHARED = /(\.schemas|\.rules|\/db\/schema\/enums|\/domain\/shared\/(fields|pagination|clock))(\.ts)?$/

export default defineConfig({
  server: { port: 3000 },
  build: { target: 'es2022' },
  plugins: [
    {
      name: 'deny-server-only-in-client',
      enforce: 'pre',
      resolveId(source, importer, options) {
        if (options?.ssr || !importer) return null
        if (importer.includes('node_modules')) return null
        if (!source.startsWith('.')) return null
        const target = path.resolve(path.dirname(importer), source)
        if (SERVER_ONLY.test(target) && !SHARED.test(target)) {
          throw new Error(`Server-only module "${source}" imported from client code in ${importer}`)
        }
        return null
      },
    },
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
})
