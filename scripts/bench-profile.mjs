// `node scripts/bench-profile.mjs <dir>`: where the web processes' CPU went during a bench run
// with BENCH_PROFILE=<dir> (V8 .cpuprofile files, one per process): self time summed over every
// profile, by area (the app's code, each package, Node's internals, garbage collection, idle) and
// by function, the largest first. Sampled time, so shares are what to read, not milliseconds.
// `--skip <ms>` leaves out each profile's first milliseconds (the process's start: module loading).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const dir = process.argv[2]
const skipAt = process.argv.indexOf('--skip')
const skipUs = skipAt > 0 ? Number(process.argv[skipAt + 1]) * 1000 : 0
if (!dir || Number.isNaN(skipUs)) {
  console.error('usage: node scripts/bench-profile.mjs <dir of .cpuprofile files> [--skip <ms>]')
  process.exit(2)
}

/** What a frame's code is: a package, the app, Node's internals, or V8's own (GC, idle, program). */
function areaOf(frame) {
  const url = frame.url ?? ''
  if (!url)
    return frame.functionName?.startsWith('(') ? frame.functionName : `(${frame.functionName || 'native'})`
  if (url.startsWith('node:')) return 'node internals'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]
  if (url.includes('/build/')) return 'app (build)'
  return 'other'
}

const byArea = new Map()
const byFunction = new Map()
let total = 0
const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))
for (const file of files) {
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'))
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const deltas = profile.timeDeltas ?? []
  let at = 0
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id)
    const us = deltas[i] ?? 0
    at += us
    if (at < skipUs) return
    const frame = node.callFrame
    const area = areaOf(frame)
    total += us
    byArea.set(area, (byArea.get(area) ?? 0) + us)
    const fn = `${frame.functionName || '(anonymous)'} ${frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''} [${area}]`
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us)
  })
}

const busy = total - (byArea.get('(idle)') ?? 0)
const print = (title, map, n) => {
  console.log(`\n${title}`)
  console.log('| share of busy time | ms | what |\n|---|---|---|')
  for (const [k, us] of [...map]
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, n))
    console.log(`| ${((100 * us) / busy).toFixed(1)}% | ${(us / 1000).toFixed(0)} | ${k} |`)
}
console.log(
  `${files.length} profiles, ${(busy / 1000).toFixed(0)} ms busy of ${(total / 1000).toFixed(0)} ms sampled`,
)
print('By area', byArea, 20)
print('By function (self time)', byFunction, 30)
