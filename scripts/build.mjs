// `npm run build`: the Remix app (client assets and server build) and the web server bundled ahead
// of time into build/web.mjs, so production runs plain JavaScript with no TypeScript loader.
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { log, root, run } from './lib.mjs'
import { checkBuiltModuleGraph } from './module-graph.mjs'

export async function build() {
  const t = Date.now()
  run('npx', ['remix', 'vite:build'], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // esbuild comes with Remix's and Vite's toolchain (always installed with them).
  const esbuild = createRequire(import.meta.url)('esbuild')
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    absWorkingDir: root,
    // Both land in build/, one level below the root like their sources, so paths they resolve
    // from import.meta.url (the Remix build, the workflow sources) stay the same.
    outdir: path.join(root, 'build'),
    outExtension: { '.js': '.mjs' },
  }
  // Two builds, so each has its own metafile: the web bundle's is checked for a second copy of
  // the app (scripts/module-graph.mjs).
  const web = await esbuild.build({
    ...common,
    entryPoints: { web: path.join(root, 'server/index.ts') },
    metafile: true,
  })
  writeFileSync(path.join(root, 'build/web.meta.json'), JSON.stringify(web.metafile))
  await esbuild.build({ ...common, entryPoints: { worker: path.join(root, 'workers/main.ts') } })
  // The `--import` module of both processes (productionArgs): OpenTelemetry before the app loads.
  // The SDK is a chunk of its own (build/otel/), loaded only when tracing is configured.
  await esbuild.build({
    ...common,
    entryPoints: { otel: path.join(root, 'server/observability/otel-register.ts') },
    splitting: true,
    chunkNames: 'otel/[name]-[hash]',
  })
  checkBuiltModuleGraph(path.join(root, 'build'))
  log(`Built in ${((Date.now() - t) / 1000).toFixed(0)}s`)
}

if (process.argv[1] === new URL(import.meta.url).pathname) await build()
