// The money areas' dependency direction (ADR 0017): domain/payments may import domain/finance,
// never the other way, and the gateway modules of domain/card-payments import neither, so every
// area a card pays into may use them. Type imports count too: they tie the areas as much.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const domain = path.resolve(__dirname, '../../domain')
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f)
    return statSync(p).isDirectory() ? walk(p) : /\.tsx?$/.test(f) ? [p] : []
  })

/** The gateway modules of domain/card-payments: below every area a card pays into. */
const GATEWAY = ['card-gateway', 'card-checkout', 'card-settlement', 'checkout-paid', 'sandbox-checkout']

/** The domain modules a file imports (relative to domain/, without extension). */
function importedModules(file: string) {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)]
    .map((m) =>
      path
        .relative(domain, path.resolve(path.dirname(file), m[1]))
        .split(path.sep)
        .join('/'),
    )
    .filter((target) => !target.startsWith('..'))
}

/** The domain areas (first folder under domain/) a file imports from. */
const importedAreas = (file: string) => new Set(importedModules(file).map((m) => m.split('/')[0]))

/** The files of `area` (optionally only those named) that import any of `forbidden` areas. */
function offenders(area: string, forbidden: string[], only?: string[]) {
  return walk(path.join(domain, area))
    .filter((f) => !only || only.includes(path.basename(f, '.ts')))
    .flatMap((f) =>
      [...importedAreas(f)]
        .filter((a) => forbidden.includes(a))
        .map((a) => `${path.relative(domain, f).split(path.sep).join('/')} imports ${a}`),
    )
}

describe('money areas import one way (ADR 0017)', () => {
  it('finance never imports payments', () => {
    expect(offenders('finance', ['payments'])).toEqual([])
  })

  it("card-payments' gateway modules import neither finance nor payments", () => {
    expect(offenders('card-payments', ['finance', 'payments'], GATEWAY)).toEqual([])
  })

  it("finance takes only card-payments' gateway modules (the registry reaches payments)", () => {
    const above = walk(path.join(domain, 'finance')).flatMap((f) =>
      importedModules(f)
        .filter((m) => m.startsWith('card-payments/') && !GATEWAY.includes(m.split('/')[1]))
        .map((m) => `${path.relative(domain, f).split(path.sep).join('/')} imports ${m}`),
    )
    expect(above).toEqual([])
  })

  it('finds an import when there is one (the check is not vacuous)', () => {
    expect(offenders('payments', ['finance']).length).toBeGreaterThan(0)
  })
})
