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
    '../../domain/finance/ledger/ledger',
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

describe('the process folders keep their rules by file suffix (ADR 0014)', () => {
  // [file, import, refused]
  const probes: [string, string, boolean][] = [
    ['workflows/probe.ts', "import { readFileSync } from 'fs'", true],
    ['workflows/probe.ts', "import { randomUUID } from 'node:crypto'", true],
    ['workflows/probe.ts', "import { getTemporalClient } from '../temporal/client'", true],
    ['workflows/probe.ts', "import { getDb } from '../db/client'", true],
    ['workflows/probe.ts', "import { login } from '../domain/access/login'", true],
    ['workflows/probe.ts', "import { toMs } from './duration'", false],
    ['workflows/p/p.workflow.ts', "import { phaseOf } from '../../domain/agencies/onboarding.rules'", true],
    ['workflows/p/p.workflow.ts', "import { Client } from '@temporalio/client'", true],
    ['workflows/p/p.workflow.ts', "import { create } from './p.activities'", true],
    ['workflows/p/p.workflow.ts', "import { port } from './p.port'", true],
    ['workflows/p/p.workflow.ts', "import { update } from './p.contract'", false],
    ['workflows/p/p.workflow.ts', "import { DecisionWait } from '../await-decision'", false],
    ['workflows/p/p.workflow.ts', "import { condition } from '@temporalio/workflow'", false],
    ['workflows/p/p.contract.ts', "import { phaseOf } from '../../domain/agencies/onboarding.rules'", false],
    ['workflows/p/p.contract.ts', "import { getAgency } from '../../domain/agencies/get-agency'", true],
    ['workflows/p/p.contract.ts', "import { getDb } from '../../db/client'", true],
    ['workflows/p/p.contract.ts', "import { z } from 'zod'", true],
    ['workflows/p/p.activities.ts', "import { getAgency } from '../../domain/agencies/get-agency'", false],
    ['workflows/p/p.activities.ts', "import { temporalClient } from '../../temporal/client'", true],
    ['workflows/p/p.activities.ts', "import { flow } from './p.workflow'", true],
    ['workflows/p/p.port.ts', "import { temporalClient } from '../../temporal/client'", false],
    ['workflows/p/p.port.ts', "import { getDb } from '../../db/client'", true],
    ['workflows/p/p.port.ts', "import { flow } from './p.workflow'", true],
  ]
  it.each(probes)(
    '%s: %s (refused: %s)',
    async (file, line, refused) => {
      const { ESLint } = await import('eslint')
      const [result] = await new ESLint({ cwd: root }).lintText(
        `${line}\nexport const used = [${/\{ (\w+) \}/.exec(line)![1]}]\n`,
        { filePath: path.join(root, file) },
      )
      expect(result.messages.map((m) => m.ruleId).includes('no-restricted-imports')).toBe(refused)
    },
    30_000,
  )
})
