import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import { describe, expect, it } from 'vitest'
import { deniedInBrowser, denyServerImports } from '../../scripts/deny-server-imports'

const root = path.resolve(__dirname, '../..')
const component = path.join(root, 'app/components/some-component.tsx')

describe('the client build refuses server code', () => {
  it.each([
    'pg',
    'pg/lib/client',
    'drizzle-orm',
    'drizzle-orm/node-postgres',
    '@temporalio/client',
    'node:crypto',
    'fs',
    'nodemailer',
    '../../db/client',
    '../../domain/finance/ledger',
    '../../api/router.server',
    '../../temporal/client',
  ])('refuses %s in browser code', (source) => {
    expect(deniedInBrowser(source, component)).not.toBeNull()
  })

  it.each([
    'react',
    '@remix-run/react',
    'zod',
    '../../domain/shared/fields',
    '../../domain/policies/policies.schemas',
    '../../db/schema/enums',
    './ui/button',
  ])('allows %s', (source) => {
    expect(deniedInBrowser(source, component)).toBeNull()
  })

  it('fails a real client build of a module importing pg', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'deny-'))
    const entry = path.join(dir, 'entry.ts')
    writeFileSync(entry, "import pg from 'pg'\nconsole.log(pg)\n")
    await expect(
      build({
        configFile: false,
        logLevel: 'silent',
        root: dir,
        plugins: [denyServerImports()],
        build: { write: false, lib: { entry, formats: ['es'], fileName: 'out' } },
      }),
    ).rejects.toThrow(/imports the server package "pg"/)
  })
})

describe('workflow code is kept deterministic by lint', () => {
  it.each([
    "import { readFileSync } from 'fs'",
    "import { randomUUID } from 'node:crypto'",
    "import { getTemporalClient } from '../temporal/client'",
    "import { getDb } from '../db/client'",
    "import { login } from '../domain/access/login'",
  ])(
    'refuses %s in workflows/',
    async (line) => {
      const { ESLint } = await import('eslint')
      const [result] = await new ESLint({ cwd: root }).lintText(
        `${line}\nexport const used = [${/\{ (\w+) \}/.exec(line)![1]}]\n`,
        {
          filePath: path.join(root, 'workflows/probe.ts'),
        },
      )
      expect(result.messages.map((m) => m.ruleId)).toContain('no-restricted-imports')
    },
    30_000,
  )
})
