import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { timestamps } from './common'

export const identityKind = pgEnum('identity_kind', ['Agency', 'agency_user', 'Oshc'])

/** One login per e-mail across every kind of user. */
export const identities = pgTable(
  'identities',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    kind: identityKind('kind').notNull(),
    password_hash: text('password_hash'),
    must_change_password: boolean('must_change_password').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('identities_email_lower_idx').on(sql`lower(${t.email})`)],
)

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** How the person signed in: `password` or `sso` (single sign-on). */
    method: text('method').notNull().default('password'),
    /** Signed in, but the second factor is still to be given: the session opens nothing else. */
    second_factor_pending: boolean('second_factor_pending').notNull().default(false),
    /** When the second factor was last given in this session. */
    second_factor_at: timestamp('second_factor_at', { withTimezone: true }),
    /** The browser's User-Agent header when the session was opened (shown on "Signed-in devices"). */
    user_agent: text('user_agent'),
    /** The client's IP address when the session was opened. */
    ip: text('ip'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.token_hash),
    index('sessions_identity_idx').on(t.identity_id),
  ],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.token_hash)],
)

/**
 * Fixed-window attempt counters for sign-in, one-time codes and password resets (per identity,
 * per identity and IP, per IP); `last_at` (the latest attempt) times the progressive delay.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  window_start: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
  last_at: timestamp('last_at', { withTimezone: true }),
})

/**
 * A person's second factor: a time-based one-time code app (RFC 6238). The secret is sealed with
 * a key derived from APP_SECRET; `last_step` is the last 30-second step a code was accepted for,
 * so a code is used once. Unconfirmed until the first code is given.
 */
export const identityFactors = pgTable(
  'identity_factors',
  {
    id: serial('id').primaryKey(),
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('totp'),
    secret_sealed: text('secret_sealed').notNull(),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    last_step: bigint('last_step', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('identity_factors_identity_kind_idx').on(t.identity_id, t.kind)],
)

/** Single-use recovery codes of a person's second factor, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('recovery_codes_hash_idx').on(t.code_hash),
    index('recovery_codes_identity_idx').on(t.identity_id),
  ],
)

/**
 * The security log: every sign-in, refusal, second-factor change, recovery code use and ended
 * session, append-only. `identity_id` is kept when known and set null if the person is deleted;
 * `email` keeps who it was about (also for failed sign-ins of unknown addresses). Rows are
 * persisted shapes: `kind` values are read by the log screen and its export, so add, never rename.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    identity_id: integer('identity_id').references(() => identities.id, { onDelete: 'set null' }),
    email: text('email'),
    /** sign_in, sign_in_failed, sso_sign_in, sso_refused, second_factor_*, step_up, … */
    kind: text('kind').notNull(),
    /** password, sso, totp, recovery_code, passkey, admin … where it applies. */
    method: text('method'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_created_idx').on(t.created_at),
    index('security_events_identity_created_idx').on(t.identity_id, t.created_at),
  ],
)

/**
 * A person's passkeys (WebAuthn), each a second factor of its own. `credential_id` and
 * `public_key` (the COSE key) are base64url as @simplewebauthn hands them over; `counter` is the
 * authenticator's signature counter, refused when it does not go up (a cloned key), except for
 * authenticators that keep it at 0 (most synced passkeys).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    credential_id: text('credential_id').notNull(),
    public_key: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The person's own name for it ("Work laptop"). */
    name: text('name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_idx').on(t.credential_id),
    index('passkeys_identity_idx').on(t.identity_id),
  ],
)

/**
 * The challenges handed to a browser for a passkey ceremony (registration, the second step of a
 * sign-in, a step-up), each taken once by the answer that signs it, within five minutes.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: serial('id').primaryKey(),
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    /** registration, sign-in or step-up */
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('passkey_challenges_identity_purpose_idx').on(t.identity_id, t.purpose)],
)
