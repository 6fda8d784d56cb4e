import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../domain/shared/config'
import { ensureSecrets } from '../../scripts/lib.mjs'

const root = path.resolve(__dirname, '../..')

const PRODUCTION = {
  NODE_ENV: 'production' as const,
  APP_SECRET: 'a-production-secret-of-some-length',
  SEED_ADMIN_PASSWORD: 'Production-Passw0rd!',
  NEXPAY_WEBHOOK_SECRET: 'a-production-nexpay-secret',
  RECAPTCHA_SECRET: 'recaptcha-secret',
  // The test runner relaxes the second-factor policy as the demo does; production refuses that.
  SECOND_FACTOR_RELAXED: 'false',
}

const SECRETS = {
  APP_SECRET: 'a-secret-of-this-test-only-0123456789',
  NEXPAY_WEBHOOK_SECRET: 'a-nexpay-secret-of-this-test-only',
}

const problems = (env: Record<string, string | undefined>) => {
  try {
    parseEnv(env)
    return ''
  } catch (err) {
    return (err as Error).message
  }
}

describe('production refuses to start without what it needs', () => {
  it('starts with every secret set', () => {
    expect(problems(PRODUCTION)).toBe('')
  })

  it('is a real deployment unless OSHC_DEMO=true says it is a demo system (as npm start does)', () => {
    expect(parseEnv(PRODUCTION).demo).toBe(false)
    expect(problems({ NODE_ENV: 'production', OSHC_DEMO: 'false' })).toMatch(/APP_SECRET is required/)
    const demo = parseEnv({ ...SECRETS, NODE_ENV: 'production', OSHC_DEMO: 'true' })
    expect(demo.demo).toBe(true)
    expect(demo.appSecret).toBe(SECRETS.APP_SECRET)
    expect(parseEnv({ ...SECRETS, NODE_ENV: 'test' }).demo).toBe(true)
    expect(problems({ NODE_ENV: 'production', OSHC_DEMO: 'yes' })).toMatch(/OSHC_DEMO: must be true or false/)
  })

  it.each(['APP_SECRET', 'SEED_ADMIN_PASSWORD', 'NEXPAY_WEBHOOK_SECRET', 'RECAPTCHA_SECRET'])(
    'names %s when it is missing',
    (key) => {
      expect(problems({ ...PRODUCTION, [key]: undefined })).toMatch(new RegExp(`${key}: ${key} is required`))
    },
  )

  it('runs without a bot check only when told so explicitly', () => {
    expect(problems({ ...PRODUCTION, RECAPTCHA_SECRET: undefined, RECAPTCHA_DISABLED: 'true' })).toBe('')
    expect(problems({ ...PRODUCTION, RECAPTCHA_SECRET: undefined, RECAPTCHA_DISABLED: 'yes' })).toMatch(
      /RECAPTCHA_DISABLED: must be true or false/,
    )
  })

  it('needs only the signing secrets outside production', () => {
    expect(problems({ ...SECRETS, NODE_ENV: 'development' })).toBe('')
    expect(problems({ ...SECRETS, NODE_ENV: 'production', OSHC_DEMO: 'true' })).toBe('')
  })

  it('hides the development outbox and mail page in production', () => {
    // A process of its own: the configuration is read once per process.
    const script = `
      const { handleApiRequest } = await import('./api/router.server.ts')
      const { loader } = await import('./app/routes/_public+/dev.mail.tsx')
      const api = await handleApiRequest(new Request('http://x.local/api/dev/outbox'))
      let page
      try { await loader({ request: new Request('http://x.local/dev/mail'), params: {}, context: {} }); page = 200 }
      catch (r) { page = r.status }
      console.log(JSON.stringify({ api: api.status, page }))
    `
    const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['--eval', script, '--input-type=module'], {
      cwd: root,
      env: { ...process.env, ...PRODUCTION, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(r.stderr).toBe('')
    expect(JSON.parse(r.stdout.trim().split('\n').pop()!)).toEqual({ api: 404, page: 404 })
  }, 60_000)
})

// Issue 23: the demo signed with constants from the public source, so anyone could forge a widget
// token, a file link or a NexPay delivery. No mode has a default now.
describe('no signing key is published with the source', () => {
  it.each([
    ['development', {}],
    ['test', {}],
    ['a demo system', { OSHC_DEMO: 'true' }],
    ['production', { OSHC_DEMO: 'false', SEED_ADMIN_PASSWORD: 'x'.repeat(12), RECAPTCHA_DISABLED: 'true' }],
  ] as const)('refuses to configure %s without APP_SECRET or NEXPAY_WEBHOOK_SECRET', (mode, extra) => {
    const NODE_ENV = mode === 'production' || mode === 'a demo system' ? 'production' : mode
    for (const key of ['APP_SECRET', 'NEXPAY_WEBHOOK_SECRET'] as const) {
      const message = problems({ ...SECRETS, NODE_ENV, ...extra, [key]: undefined })
      expect(message).toMatch(new RegExp(`${key}: ${key} is required \\(npm start and npm test generate one`))
      expect(message).toMatch(/openssl rand/)
    }
    expect(problems({ ...SECRETS, NODE_ENV, ...extra })).toBe('')
  })

  it('refuses the development values earlier versions published', () => {
    expect(problems({ ...SECRETS, APP_SECRET: 'dev-only-secret-not-for-production' })).toMatch(
      /APP_SECRET: APP_SECRET is a published development value/,
    )
    expect(problems({ ...SECRETS, NEXPAY_WEBHOOK_SECRET: 'dev-only-nexpay-webhook-secret' })).toMatch(
      /NEXPAY_WEBHOOK_SECRET: NEXPAY_WEBHOOK_SECRET is a published development value/,
    )
  })

  it('npm start makes random secrets on the first start, keeps them private and reuses them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'oshc-secrets-'))
    try {
      const first = ensureSecrets(dir)
      const file = path.join(dir, 'secrets.json')
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first)
      expect(first.APP_SECRET).not.toBe(first.NEXPAY_WEBHOOK_SECRET)
      for (const value of [first.APP_SECRET, first.NEXPAY_WEBHOOK_SECRET]) {
        expect(value.length).toBeGreaterThanOrEqual(32)
        // Nowhere in the repository's files: not a value anyone could read.
        const grep = spawnSync('git', ['grep', '-q', '-F', '-e', value], { cwd: root })
        expect(grep.status).toBe(1)
      }
      expect(parseEnv({ NODE_ENV: 'production', OSHC_DEMO: 'true', ...first }).appSecret).toBe(
        first.APP_SECRET,
      )

      // A second start reuses them; a damaged entry is made again without touching the other.
      expect(ensureSecrets(dir)).toEqual(first)
      writeFileSync(file, JSON.stringify({ APP_SECRET: first.APP_SECRET, NEXPAY_WEBHOOK_SECRET: 'short' }))
      chmodSync(file, 0o644)
      const third = ensureSecrets(dir)
      expect(third.APP_SECRET).toBe(first.APP_SECRET)
      expect(third.NEXPAY_WEBHOOK_SECRET).not.toBe('short')
      expect(statSync(file).mode & 0o777).toBe(0o600)

      // Another machine (another data directory) gets its own.
      const other = mkdtempSync(path.join(tmpdir(), 'oshc-secrets-'))
      expect(ensureSecrets(other).APP_SECRET).not.toBe(first.APP_SECRET)
      rmSync(other, { recursive: true, force: true })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
