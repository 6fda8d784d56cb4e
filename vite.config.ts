import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import { denyServerImports } from './scripts/deny-server-imports'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  server: { port: 3000 },
  build: { target: 'es2022' },
  plugins: [
    denyServerImports(),
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
