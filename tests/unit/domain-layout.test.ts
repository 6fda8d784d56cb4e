import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The domain's file layout (CONVENTIONS.md, "the shape"): a use case is found by its name. No
 * grab-bag `*.shared.ts` modules (helpers live in modules named for what they hold), every use
 * case in every area has its own file, named after it, and in domain/agencies (an area with many)
 * that file sits in a sub-area folder.
 */

const domain = path.resolve(__dirname, '../../domain')
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f)
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : []
  })

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()

describe('domain layout', () => {
  it('has no *.shared.ts grab-bags', () => {
    const shared = walk(domain)
      .filter((f) => f.endsWith('.shared.ts'))
      .map((f) => path.relative(domain, f))
    expect(shared).toEqual([])
  })

  /** Every use case (an export carrying `access`) with the file that declares it. */
  async function useCasesIn(dir: string) {
    const found: { file: string; names: string[] }[] = []
    for (const f of walk(dir)) {
      const exports = (await import(f)) as Record<string, unknown>
      const names = Object.entries(exports)
        .filter(([, v]) => typeof v === 'function' && 'access' in (v as object))
        .map(([name]) => name)
      found.push({ file: f, names })
    }
    return found
  }

  it('gives every use case of every area its own file, named after it', async () => {
    const misplaced: string[] = []
    let useCases = 0
    for (const { file, names } of await useCasesIn(domain)) {
      useCases += names.length
      const rel = path.relative(domain, file)
      if (names.length > 1) misplaced.push(`${rel} holds ${names.join(', ')}`)
      for (const name of names)
        if (path.basename(file, '.ts') !== kebab(name)) misplaced.push(`${rel} holds ${name}`)
    }
    expect(useCases).toBeGreaterThanOrEqual(140)
    expect(misplaced).toEqual([])
  }, 30_000) // imports every domain module

  it('puts every agency use case in a sub-area folder', async () => {
    const agencies = path.join(domain, 'agencies')
    const loose = (await useCasesIn(agencies))
      .filter(({ file, names }) => names.length && path.dirname(file) === agencies)
      .map(({ file, names }) => `${path.relative(agencies, file)} (${names.join(', ')})`)
    expect(loose).toEqual([])
  })
})
