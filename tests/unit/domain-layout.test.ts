import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The domain's file layout (CONVENTIONS.md, "the shape"): a use case is found by its name. No
 * grab-bag `*.shared.ts` modules (helpers live in modules named for what they hold), and in
 * domain/agencies every use case has its own file, named after it, in a sub-area folder.
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

  it('gives every agency use case its own file, named after it, in a sub-area folder', async () => {
    const agencies = path.join(domain, 'agencies')
    const misplaced: string[] = []
    let useCases = 0
    for (const f of walk(agencies)) {
      const exports = (await import(f)) as Record<string, unknown>
      const names = Object.entries(exports)
        .filter(([, v]) => typeof v === 'function' && 'access' in (v as object))
        .map(([name]) => name)
      useCases += names.length
      const file = path.relative(agencies, f)
      if (names.length > 1) misplaced.push(`${file} holds ${names.join(', ')}`)
      for (const name of names) {
        if (path.basename(f, '.ts') !== kebab(name)) misplaced.push(`${file} holds ${name}`)
        if (path.dirname(f) === agencies) misplaced.push(`${file} (${name}) is not in a sub-area folder`)
      }
    }
    expect(useCases).toBeGreaterThanOrEqual(30)
    expect(misplaced).toEqual([])
  })
})
