import { z } from 'zod'
import { signInSettings } from './config-sign-in'
import { financeSettings } from './config-finance'
import { operationsSettings, temporalSettingsIssues } from './config-operations'
import { hmac } from './crypto'
import { DEFAULT_BUSINESS_TZ, setBusinessTimeZone } from './clock'
import { durationSetting } from './duration'

/**
 * The signing secrets every process needs, in every mode: no default lives in the source, because
 * anything signed with a published key can be forged by anyone (issue 23). APP_SECRET is the one
 * key from which the one-time-code HMAC, signed file URLs, widget tokens and other signing keys are
 * derived (`secretFor`); session tokens are random and stored hashed, so they need no key of their
 * own. `npm start` generates both on first start and keeps them under `.data/`; tests set their own.
 */
const SIGNING_SECRETS = ['APP_SECRET', 'NEXPAY_WEBHOOK_SECRET'] as const

const secretHint =
  'npm start and npm test generate one; elsewhere set a random value of 32 bytes or more, e.g. `openssl rand -base64 32`'

const duration = durationSetting

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * A demonstration system (development secrets allowed, demo data, the mail outbox at
     * /dev/mail, the sandbox card checkout, a demo bank account). Default: on unless
     * NODE_ENV=production; `npm start` turns it on, a real deployment sets OSHC_DEMO=false.
     */
    OSHC_DEMO: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
    APP_URL: z.string().url().default('http://localhost:3000'),
    /**
     * The origin browsers reach the app at (https://app.example.com): form posts and cookie writes
     * from any other origin are refused. Unset: the request's own origin.
     */
    APP_ORIGIN: z
      .string()
      .url()
      .refine((v) => {
        const u = new URL(v)
        return u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password
      }, 'must be an origin like https://app.example.com')
      .transform((v) => new URL(v).origin)
      .optional(),
    /** Behind a reverse proxy: trust its X-Forwarded-For, -Proto and -Host headers. */
    TRUST_PROXY: z
      .enum(['0', '1'], { error: 'must be 1 or 0' })
      .default('0')
      .transform((v) => v === '1'),
    /** Required in every mode (see SIGNING_SECRETS). */
    APP_SECRET: z.string().min(16).optional(),
    DATA_DIR: z.string().default('.data'),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('OSHC Back Office <no-reply@oshc.local>'),
    STAFF_TEAM_EMAIL: z.string().email().default('operations@oshc.local'),
    /** Where finance alerts go (inbox reminders, reconciliation mismatches); unset: STAFF_TEAM_EMAIL. */
    FINANCE_TEAM_EMAIL: z.string().email().optional(),
    /** The business time zone: scheduled jobs run on its clock and "today" is its date. */
    BUSINESS_TZ: z
      .string()
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz })
          return true
        } catch {
          return false
        }
      }, 'must be an IANA time zone like Australia/Sydney')
      .default(DEFAULT_BUSINESS_TZ),
    /** Inbox tasks that belong to no workflow: reminder this long after due_at, escalation after the second. */
    INBOX_REMINDER_AFTER: duration.default('0s'),
    INBOX_ESCALATION_AFTER: duration.default('1d'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().optional(),
    RECAPTCHA_SECRET: z.string().min(1).optional(),
    /** Production without a bot check on registration must say so: RECAPTCHA_DISABLED=true. */
    RECAPTCHA_DISABLED: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
    TEMPORAL_ADDRESS: z.string().default('127.0.0.1:7233'),
    TEMPORAL_NAMESPACE: z.string().default('default'),
    TEMPORAL_TASK_QUEUE: z.string().default('oshc'),
    ONBOARDING_VERIFY_REMINDER: duration.default('1d'),
    ONBOARDING_DETAILS_REMINDER: duration.default('3d'),
    ONBOARDING_AGREEMENT_REMINDER: duration.default('5d'),
    ONBOARDING_STAFF_REMINDER: duration.default('2d'),
    /** Commission payout requests: staff reminded this long after the request, escalated after the second. */
    PAYOUT_REMINDER: duration.default('3d'),
    PAYOUT_ESCALATION: duration.default('5d'),
    /** Full refunds: staff reminded this long into each wait (assess, approve), escalated after the second. */
    FULL_REFUND_REMINDER: duration.default('2d'),
    FULL_REFUND_ESCALATION: duration.default('4d'),
    /** Clawbacks: the agency reminded this long after the clawback opens (or is rejected), again, then staff escalated. */
    CLAWBACK_REMINDER: duration.default('7d'),
    CLAWBACK_SECOND_REMINDER: duration.default('14d'),
    CLAWBACK_ESCALATION: duration.default('21d'),
    /** Clawback payments waiting for staff: reminder, then escalation, counted from the payment. */
    CLAWBACK_DECISION_REMINDER: duration.default('3d'),
    CLAWBACK_DECISION_ESCALATION: duration.default('5d'),
    /** Amendments: each wait reminds this long after it began, then escalates to staff. */
    AMENDMENT_REMINDER: duration.default('3d'),
    AMENDMENT_ESCALATION: duration.default('7d'),
    SEED_ADMIN_PASSWORD: z.string().min(10).optional(),
    /** Stripe is the card gateway when set; otherwise the built-in sandbox (refused in production). */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /** Signing secret of `POST /api/webhook/stripe` (whsec_...); without it the webhook answers 404. */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Another Stripe API host (a local stand-in in tests); Stripe's own when unset. */
    STRIPE_API_BASE: z.string().url().optional(),
    /** Shared secret of the NexPay webhook signature (x-nexpay-signature); required in every mode. */
    NEXPAY_WEBHOOK_SECRET: z.string().min(16).optional(),
    /** Days after a buy-now-pay-later purchase by which the agency must settle it (reminders 7 and 1 days before). */
    BNPL_SETTLEMENT_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /**
     * Public API calls (/api/wordpress) each public client, and each IP, may make per minute in
     * one web process; beyond it a 429 with Retry-After.
     */
    PUBLIC_CLIENT_RATE_LIMIT: z.coerce.number().int().min(1).default(1200),
    PUBLIC_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
    /** The largest JSON body /api reads, in bytes (413 beyond it); an endpoint row may allow more. */
    API_JSON_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
    /** Referral invitations one agency may send per day (429 with Retry-After beyond it). */
    AGENCY_REFERRAL_DAILY_LIMIT: z.coerce.number().int().min(1).default(20),
    /** How long before a payment link expires its reminder goes out. */
    PAYMENT_LINK_REMINDER_SECONDS: z.coerce.number().int().min(0).default(86_400),
    /**
     * The account agencies pay bank transfers into, shown on the payment page. Unset outside
     * production: clearly marked demo details; unset in production: the page asks the agency to
     * contact finance instead of showing an account.
     */
    ...signInSettings,
    ...financeSettings,
    ...operationsSettings,
    BANK_NAME: z.string().min(1).optional(),
    BANK_ACCOUNT_NAME: z.string().min(1).optional(),
    BANK_BSB: z
      .string()
      .regex(/^\d{3}-?\d{3}$/, 'must be a BSB like 062-000')
      .optional(),
    BANK_ACCOUNT_NUMBER: z
      .string()
      .regex(/^\d{5,10}$/, 'must be 5 to 10 digits')
      .optional(),
  })
  .superRefine((env, ctx) => {
    for (const key of SIGNING_SECRETS) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required (${secretHint})` })
      // The development defaults earlier versions published: whoever read the source can sign with them.
      else if (env[key].startsWith('dev-only-'))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is a published development value; generate your own (${secretHint})`,
        })
    }
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET]
    if (oidc.some(Boolean) && !oidc.every(Boolean))
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set together or not at all',
      })
    for (const [path, message] of temporalSettingsIssues(env))
      ctx.addIssue({ code: 'custom', path: [path], message })
    if (env.STAFF_SSO_ONLY && !env.OIDC_ISSUER)
      ctx.addIssue({ code: 'custom', path: ['STAFF_SSO_ONLY'], message: 'STAFF_SSO_ONLY needs OIDC_ISSUER' })
    if (env.OIDC_ISSUER?.startsWith('http:') && !demoOf(env))
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER must be https in production',
      })
    if (!demoOf(env)) {
      if (env.SECOND_FACTOR_RELAXED)
        ctx.addIssue({
          code: 'custom',
          path: ['SECOND_FACTOR_RELAXED'],
          message:
            'SECOND_FACTOR_RELAXED is for demo systems only; staff who approve money need a second factor',
        })
      if (!env.SEED_ADMIN_PASSWORD)
        ctx.addIssue({
          code: 'custom',
          path: ['SEED_ADMIN_PASSWORD'],
          message: 'SEED_ADMIN_PASSWORD is required in production',
        })
      if (!env.RECAPTCHA_SECRET && !env.RECAPTCHA_DISABLED)
        ctx.addIssue({
          code: 'custom',
          path: ['RECAPTCHA_SECRET'],
          message:
            'RECAPTCHA_SECRET is required in production (or RECAPTCHA_DISABLED=true to run without a bot check)',
        })
    }
  })

function demoOf(env: { OSHC_DEMO?: 'true' | 'false'; NODE_ENV: string }) {
  return env.OSHC_DEMO ? env.OSHC_DEMO === 'true' : env.NODE_ENV !== 'production'
}

export type Config = z.infer<typeof EnvSchema> & {
  /** A demonstration system (OSHC_DEMO): see the variable. Off, SEED_ADMIN_PASSWORD is required. */
  demo: boolean
  appSecret: string
  seedAdminPassword: string
  nexpayWebhookSecret: string
}

let cached: Config | undefined

/** Validates an environment; throws naming every missing or malformed variable. */
export function parseEnv(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  return {
    ...parsed.data,
    demo: demoOf(parsed.data),
    // Both are refused above when missing.
    appSecret: parsed.data.APP_SECRET!,
    seedAdminPassword: parsed.data.SEED_ADMIN_PASSWORD ?? 'Admin-Passw0rd!',
    nexpayWebhookSecret: parsed.data.NEXPAY_WEBHOOK_SECRET!,
  }
}

/** Reads and validates the environment once; a bad variable stops the process with its name. */
export function config(): Config {
  if (!cached) {
    cached = parseEnv(process.env)
    // "Today" of the validation rules (domain/shared/clock.ts) is this zone's date on the server.
    setBusinessTimeZone(cached.BUSINESS_TZ)
  }
  return cached
}

/** Tests that change the environment read it again. */
export function resetConfig() {
  cached = undefined
}

/** A key for one purpose (sessions, one-time codes, file URLs) derived from the app secret. */
export const secretFor = (purpose: string) => hmac(config().appSecret, purpose)

/** A demonstration system (OSHC_DEMO), not a real deployment. */
export const isDemo = () => config().demo

/** The finance team's mailbox: FINANCE_TEAM_EMAIL, else the staff team's. */
export const financeTeamEmail = (c: Config = config()) => c.FINANCE_TEAM_EMAIL ?? c.STAFF_TEAM_EMAIL

/** What the payment page shows when no receiving account is configured outside production. */
export const DEMO_BANK_ACCOUNT = {
  bank_name: 'Demo Bank',
  account_name: 'OSHC Back Office Pty Ltd',
  bsb: '000-000',
  account_number: '12345678',
}

/**
 * The account bank transfers are paid into (insurance providers carry no bank account, so the
 * business receives every premium): BANK_* when all are set; the demo account, marked `is_demo`,
 * outside production; null in production without them.
 */
export function receivingBankAccount(c: Config = config()) {
  if (c.BANK_NAME && c.BANK_ACCOUNT_NAME && c.BANK_BSB && c.BANK_ACCOUNT_NUMBER)
    return {
      bank_name: c.BANK_NAME,
      account_name: c.BANK_ACCOUNT_NAME,
      bsb: c.BANK_BSB,
      account_number: c.BANK_ACCOUNT_NUMBER,
      is_demo: false,
    }
  return c.demo ? { ...DEMO_BANK_ACCOUNT, is_demo: true } : null
}
