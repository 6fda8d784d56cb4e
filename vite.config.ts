import { vitePlugin as remix } from '@remix-run/dev'
import { flatRoutes } from 'remix-flat-routes'
import { defineConfig } from 'vite'
import { denyServerImports } from './scripts/deny-server-imports'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  server: { port: 3000 },
  build: {
    target: 'es2022',
    // Zod and its browser configuration (app/utils/zod-config.ts) in one chunk of their own: the
    // configuration runs as soon as Zod is loaded, before any module builds a schema.
    rollupOptions: {
      output: {
        manualChunks: (id) =>
          id.includes('/node_modules/zod/') || id.includes('/app/utils/zod-config') ? 'zod' : undefined,
      },
    },
  },
  plugins: [
    denyServerImports(),
    remix({
      // Route folders per audience (ADR 0015): remix-flat-routes reads app/routes, where a folder
      // ending in + adds its name to its files' routes (staff+/inbox.tsx is staff.inbox) and a route
      // folder holds route.tsx beside its route-private modules. Remix's own convention is off.
      ignoredRouteFiles: ['**/*'],
      routes: async (defineRoutes) =>
        flatRoutes('routes', defineRoutes, { ignoredRouteFiles: ['**/.*', '**/*.test.*'] }),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Off (issue 27): with it, every page inlined a partial manifest of its matches (4-6 KB)
        // and matched the route tree once more per path segment to build it (0.85 ms a match over
        // these 175 routes; 1.5-2.5 ms of a staff page's CPU), and each navigation asked
        // /__manifest first. Without it the whole manifest is one immutable file (11 KB gzipped),
        // cached once.
        v3_lazyRouteDiscovery: false,
      },
    }),
  ],
})
