// The measures of the structure pass (issue 26), held by the type checker's own parser: no source
// file over 300 lines, no function over 60 lines in domain/ and the processes, no import cycle.
// What is over today is listed with its size and may only shrink (a ratchet): a new file or
// function over the limit fails, a listed one that grew fails, and one now within the limit must
// leave the list.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '../..')
const SOURCE_DIRS = ['app', 'api', 'domain', 'server', 'temporal', 'workflows', 'workers']
const FUNCTION_DIRS = ['domain', 'workflows']
const MAX_FILE_LINES = 300
const MAX_FUNCTION_LINES = 60

/** Tables and maps that are long by nature (the exceptions). */
const FILE_EXCEPTIONS = [
  /^api\/endpoints\//,
  /^domain\/shared\/labels\.ts$/,
  /\.labels\.ts$/,
  /^app\/labels\//,
]

/** Files over 300 lines, with their size: none today; an entry's number may only fall. */
const LONG_FILES: Record<string, number> = {}

/** Functions over 60 lines (file: name), with their length: none today; an entry's number may only fall. */
const LONG_FUNCTIONS: Record<string, number> = {}

/** Import cycles (each entry a cycle's files, sorted): none. */
const KNOWN_CYCLES: string[] = []

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f)
    if (statSync(p).isDirectory()) return f === 'node_modules' ? [] : walk(p)
    return /\.tsx?$/.test(f) && !f.endsWith('.d.ts') ? [p] : []
  })
}

const rel = (p: string) => path.relative(root, p).split(path.sep).join('/')
const sources = SOURCE_DIRS.flatMap((d) => walk(path.join(root, d)))
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0)

/** Every named function (declarations, methods, and arrows or functions bound to a name). */
function functionsOf(file: string) {
  const text = readFileSync(file, 'utf8')
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const out: { name: string; lines: number }[] = []
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line
  const visit = (node: ts.Node) => {
    let name: string | undefined
    let body: ts.Node | undefined
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) {
      name = node.name?.getText(sf)
      body = node
    } else if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      name = node.name.getText(sf)
      body = node.initializer
    } else if (ts.isFunctionExpression(node) && node.name) {
      name = node.name.getText(sf)
      body = node
    }
    if (name && body) out.push({ name, lines: lineOf(body.getEnd()) - lineOf(body.getStart(sf)) + 1 })
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}

/** The files each source file imports (relative imports resolved; packages left out). */
function importGraph(files: string[]) {
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets: string[] = []
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith('.')) continue
      const base = path.resolve(path.dirname(file), ref.fileName)
      const hit = [
        base,
        `${base}.ts`,
        `${base}.tsx`,
        path.join(base, 'index.ts'),
        path.join(base, 'index.tsx'),
      ]
        .map((c) => c.replace(/\.js$/, '.ts'))
        .find((c) => known.has(c))
      if (hit) targets.push(hit)
    }
    graph.set(file, targets)
  }
  return graph
}

/** The strongly connected components of more than one file (Tarjan), each sorted. */
function cycles(graph: Map<string, string[]>) {
  let index = 0
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const on = new Set<string>()
  const found: string[][] = []
  const strong = (v: string) => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!))
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = []
      let w: string
      do {
        w = stack.pop()!
        on.delete(w)
        group.push(rel(w))
      } while (w !== v)
      if (group.length > 1) found.push(group.sort())
    }
  }
  for (const v of graph.keys()) if (!idx.has(v)) strong(v)
  return found
}

/** Files whose code calls `condition(…, timeout)`: a wait with a deadline. */
function timedWaits(files: string[]) {
  return files.filter((file) => {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    let found = false
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'condition' &&
        node.arguments.length > 1
      )
        found = true
      if (!found) ts.forEachChild(node, visit)
    }
    visit(sf)
    return found
  })
}

describe('the measures of the house (issue 26)', () => {
  it(`no source file over ${MAX_FILE_LINES} lines, but those listed, which only shrink`, () => {
    const over: Record<string, number> = {}
    for (const file of sources) {
      const name = rel(file)
      if (FILE_EXCEPTIONS.some((r) => r.test(name))) continue
      const lines = lineCount(readFileSync(file, 'utf8'))
      if (lines > MAX_FILE_LINES) over[name] = lines
    }
    const problems = [
      ...Object.entries(over)
        .filter(([f, n]) => n > (LONG_FILES[f] ?? MAX_FILE_LINES))
        .map(([f, n]) => `${f} has ${n} lines (at most ${LONG_FILES[f] ?? MAX_FILE_LINES})`),
      ...Object.keys(LONG_FILES)
        .filter((f) => !(f in over))
        .map((f) => `${f} is within ${MAX_FILE_LINES} lines or gone: take it off LONG_FILES`),
    ]
    expect(problems).toEqual([])
  })

  it(`no function over ${MAX_FUNCTION_LINES} lines in ${FUNCTION_DIRS.join(', ')}, but those listed`, () => {
    const over: Record<string, number> = {}
    for (const file of FUNCTION_DIRS.flatMap((d) => walk(path.join(root, d))))
      for (const f of functionsOf(file))
        if (f.lines > MAX_FUNCTION_LINES) {
          const key = `${rel(file)}: ${f.name}`
          over[key] = Math.max(over[key] ?? 0, f.lines)
        }
    const problems = [
      ...Object.entries(over)
        .filter(([f, n]) => n > (LONG_FUNCTIONS[f] ?? MAX_FUNCTION_LINES))
        .map(([f, n]) => `${f} has ${n} lines (at most ${LONG_FUNCTIONS[f] ?? MAX_FUNCTION_LINES})`),
      ...Object.keys(LONG_FUNCTIONS)
        .filter((f) => !(f in over))
        .map((f) => `${f} is within ${MAX_FUNCTION_LINES} lines or gone: take it off LONG_FUNCTIONS`),
    ]
    expect(problems).toEqual([])
    // Parsing every file of domain/ and workflows/ takes seconds on a busy two-core machine.
  }, 30_000)

  it('one reminder loop: only the wait for a person times its waits; one remind step keys reminders', () => {
    // The payment link's expiry waits for a payment, not a person: its deadlines are the link's.
    expect(timedWaits(walk(path.join(root, 'workflows'))).map(rel)).toEqual([
      'workflows/await-decision.ts',
      'workflows/payment-link-expiry/payment-link-expiry.workflow.ts',
    ])
    const keyed = walk(path.join(root, 'domain')).filter((f) => readFileSync(f, 'utf8').includes("->>'key'"))
    expect(keyed.map(rel)).toEqual(['domain/tasks/remind-once.ts'])
  })

  it('no import cycle among the source files (type imports included), but those listed', () => {
    const found = cycles(importGraph(sources)).map((c) => c.join(' <-> '))
    expect(found.filter((c) => !KNOWN_CYCLES.includes(c))).toEqual([])
    expect(
      KNOWN_CYCLES.filter((c) => !found.includes(c)),
      'cycles gone: take them off KNOWN_CYCLES',
    ).toEqual([])
  })

  it('one form style: Conform only through the house form, and no plain posted form but sign-out and the sandbox gateway', () => {
    const pages = walk(path.join(root, 'app')).filter((f) => f.endsWith('.tsx'))
    const house = 'app/components/forms.tsx'
    const conformDirect = pages.filter(
      (f) => rel(f) !== house && /\buseForm\b|\bgetFormProps\b/.test(readFileSync(f, 'utf8')),
    )
    expect(conformDirect.map(rel), 'use useConformForm and ConformForm').toEqual([])
    // A button form is IntentForm; the two below post where no page action is: /logout, and the
    // sandbox card gateway's own page (a stand-in for a provider's hosted checkout).
    const plain = pages.filter(
      (f) => rel(f) !== house && readFileSync(f, 'utf8').includes('<Form method="post"'),
    )
    expect(plain.map(rel).sort()).toEqual([
      'app/components/app-shell.tsx',
      'app/routes/_payer+/checkout.sandbox.$sessionId.tsx',
      'app/routes/onboarding+/waiting.tsx',
    ])
  })
})
