import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

// Server-only trees: importing any of them from browser code must fail the build.
const SERVER_ONLY = /(^|\/)(db|domain|api|temporal|workers|workflows)\//

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
        if (SERVER_ONLY.test(source) && source.startsWith('.')) {
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
