import {
  boolean,
  index,
  integer,
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
