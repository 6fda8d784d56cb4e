// The web process runs one copy of the app (ADR 0012): build/web.mjs bundles only the process
// management of server/index.ts and takes everything else from the Remix server build, which
// defines each module once. Two copies of a module with state (the DomainError class that /api
// maps to 404/409, the caches, the pg pool, the Temporal client) turned refusals into 500s.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** What build/web.mjs may bundle: nothing of the app, whose one copy is the Remix server build. */
export const WEB_BUNDLE_INPUTS = ['server/index.ts']

/** One line per problem (none when the graph is one): `webInputs` are the sources esbuild put in
 * build/web.mjs, `bundles` every JavaScript file the web process loads, by name. */
export function moduleGraphProblems({ webInputs, bundles }) {
  const problems = []
  for (const input of webInputs)
    if (!WEB_BUNDLE_INPUTS.includes(input))
      problems.push(
        `build/web.mjs bundles ${input}; the web process must take it from the Remix server build`,
      )
  const definitions = Object.entries(bundles).flatMap(([name, code]) =>
    Array.from(code.matchAll(/\bclass DomainError\b/g), () => name),
  )
  if (definitions.length !== 1)
    problems.push(
      `the web process defines DomainError ${definitions.length} times (${definitions.join(', ')}), not once`,
    )
  return problems
}

function javascriptFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.m?js$/.test(e.name))
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
}

/** Checks the built web process (build/web.meta.json is esbuild's metafile of build/web.mjs). */
export function checkBuiltModuleGraph(buildDir) {
  const meta = JSON.parse(readFileSync(path.join(buildDir, 'web.meta.json'), 'utf8'))
  const webInputs = Object.keys(meta.outputs['build/web.mjs']?.inputs ?? {}).filter(
    (input) => !input.startsWith('node_modules/'),
  )
  const bundles = {}
  for (const file of [path.join(buildDir, 'web.mjs'), ...javascriptFiles(path.join(buildDir, 'server'))])
    bundles[path.relative(buildDir, file)] = readFileSync(file, 'utf8')
  const problems = moduleGraphProblems({ webInputs, bundles })
  if (problems.length) throw new Error(`The web process is not one module graph:\n- ${problems.join('\n- ')}`)
}
