import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEV_APP_SECRET, parseEnv } from '../../domain/shared/config'

const PRODUCTION = {
  NODE_ENV: 'production' as const,
  APP_SECRET: 'a-production-secret-of-some-length',
  SEED_ADMIN_PASSWORD: 'Production-Passw0rd!',
  NEXPAY_WEBHOOK_SECRET: 'a-production-nexpay-secret',
  RECAPTCHA_SECRET: 'recaptcha-secret',
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
    const demo = parseEnv({ NODE_ENV: 'production', OSHC_DEMO: 'true' })
    expect(demo.demo).toBe(true)
    expect(demo.appSecret).toBe(DEV_APP_SECRET)
    expect(parseEnv({ NODE_ENV: 'test' }).demo).toBe(true)
    expect(problems({ NODE_ENV: 'production', OSHC_DEMO: 'yes' })).toMatch(/OSHC_DEMO: must be true or false/)
  })

  it.each(['APP_SECRET', 'SEED_ADMIN_PASSWORD', 'NEXPAY_WEBHOOK_SECRET', 'RECAPTCHA_SECRET'])(
    'names %s when it is missing',
    (key) => {
      expect(problems({ ...PRODUCTION, [key]: undefined })).toMatch(
        new RegExp(`${key}: ${key} is required in production`),
      )
    },
  )

  it('runs without a bot check only when told so explicitly', () => {
    expect(problems({ ...PRODUCTION, RECAPTCHA_SECRET: undefined, RECAPTCHA_DISABLED: 'true' })).toBe('')
    expect(problems({ ...PRODUCTION, RECAPTCHA_SECRET: undefined, RECAPTCHA_DISABLED: 'yes' })).toMatch(
      /RECAPTCHA_DISABLED: must be true or false/,
    )
  })

  it('refuses the development signing secret', () => {
    expect(problems({ ...PRODUCTION, APP_SECRET: DEV_APP_SECRET })).toMatch(
      /APP_SECRET must not be the development default/,
    )
  })

  it('needs none of them in development', () => {
    expect(problems({ NODE_ENV: 'development' })).toBe('')
  })

  it('hides the development outbox and mail page in production', () => {
    // A process of its own: the configuration is read once per process.
    const script = `
      const { handleApiRequest } = await import('./api/router.server.ts')
      const { loader } = await import('./app/routes/dev.mail.tsx')
      const api = await handleApiRequest(new Request('http://x.local/api/dev/outbox'))
      let page
      try { await loader({ request: new Request('http://x.local/dev/mail'), params: {}, context: {} }); page = 200 }
      catch (r) { page = r.status }
      console.log(JSON.stringify({ api: api.status, page }))
    `
    const root = path.resolve(__dirname, '../..')
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
