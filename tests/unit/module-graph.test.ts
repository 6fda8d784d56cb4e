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
