import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { moduleGraphProblems } from '../../scripts/module-graph.mjs'

// The check the build runs on build/web.mjs and the Remix server build (scripts/build.mjs), and
// the e2e stage again on the built files (tests/e2e/production-build.spec.ts).
describe('one module graph per web process', () => {
  const remix = 'class DomainError extends Error {}\nexport const entry = {}'

  it('passes a web bundle of the process management alone over a Remix build with the app', () => {
    expect(
      moduleGraphProblems({
        webInputs: ['server/index.ts'],
        bundles: { 'web.mjs': 'await import("./server/index.js")', 'server/index.js': remix },
      }),
    ).toEqual([])
  })

  it('refuses a web bundle that bundles the app again (two DomainError classes)', () => {
    const problems = moduleGraphProblems({
      webInputs: ['server/index.ts', 'api/router.server.ts', 'domain/shared/errors.ts'],
      bundles: {
        'web.mjs': 'var DomainError = class DomainError extends Error {}',
        'server/index.js': remix,
      },
    })
    expect(problems).toEqual([
      'build/web.mjs bundles api/router.server.ts; the web process must take it from the Remix server build',
      'build/web.mjs bundles domain/shared/errors.ts; the web process must take it from the Remix server build',
      'the web process defines DomainError 2 times (web.mjs, server/index.js), not once',
    ])
  })

  it('refuses a build that lost the class', () => {
    expect(moduleGraphProblems({ webInputs: [], bundles: { 'web.mjs': '' } })).toEqual([
      'the web process defines DomainError 0 times (), not once',
    ])
  })
})

// ADR 0014: one folder per process under workflows/, the suffix rules (eslint.config.js, probed
// in deny-server-imports.test.ts), the workflow bundle's entry and the one composition root.
describe('one folder per process', () => {
  const root = path.resolve(__dirname, '../..')
  const workflows = path.join(root, 'workflows')
  const processes = readdirSync(workflows).filter((f) => statSync(path.join(workflows, f)).isDirectory())
  const read = (...p: string[]) => readFileSync(path.join(root, ...p), 'utf8')

  it('holds each process in its own folder: contract, workflow, activities and the port the domain drives it by', () => {
    expect(processes.sort()).toEqual([
      'agency-onboarding',
      'amendment',
      'clawback',
      'commission-payout',
      'full-refund',
      'payment-link-expiry',
      'scheduled-jobs',
    ])
    const problems: string[] = []
    for (const p of processes) {
      const files = readdirSync(path.join(workflows, p))
      for (const f of files)
        if (!new RegExp(`^${p}\\.(contract|workflow|activities|port)\\.ts$`).test(f))
          problems.push(`workflows/${p}/${f} is not ${p}.{contract,workflow,activities,port}.ts`)
      // The scheduled jobs are started by their Schedules (temporal/schedules.ts), not by the domain.
      const wanted = ['contract', 'workflow', 'activities', ...(p === 'scheduled-jobs' ? [] : ['port'])]
      for (const suffix of wanted)
        if (!files.includes(`${p}.${suffix}.ts`)) problems.push(`workflows/${p} has no ${p}.${suffix}.ts`)
    }
    expect(problems).toEqual([])
  })

  it('exports every workflow function from workflows/index.ts (the entry of the bundle)', () => {
    const index = read('workflows/index.ts')
    const missing = processes.flatMap((p) =>
      [...read('workflows', p, `${p}.workflow.ts`).matchAll(/^export async function (\w+)/gm)]
        .map((m) => m[1])
        .filter((name) => !new RegExp(`\\b${name}\\b`).test(index)),
    )
    expect(missing).toEqual([])
  })

  it('wires the process ports in one composition root, never by importing a module', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = path.join(dir, f)
        if (statSync(p).isDirectory()) return f === 'node_modules' ? [] : sources(p)
        return /\.(ts|tsx|mjs)$/.test(f) ? [p] : []
      })
    const wiring = ['app', 'api', 'domain', 'server', 'temporal', 'workflows', 'workers', 'scripts', 'tests']
      .flatMap((d) => sources(path.join(root, d)))
      .filter((f) => /\b\w+Process\.wire\(/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f))
    expect(wiring).toEqual(['temporal/processes.ts'])
    // The slot knows no area; each area declares its own port beside the use cases that need it.
    expect(read('domain/shared/process-slot.ts')).not.toMatch(/^import /m)
  })
})
