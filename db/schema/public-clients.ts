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
import { timestamps } from './common'
import { identities } from './identity'
import { agencies } from './agencies'
import { policies } from './policies'
import { PUBLIC_CLIENT_TYPES } from './enums'

export const publicClientType = pgEnum('public_client_type', PUBLIC_CLIENT_TYPES)

/**
 * A website of an agency that embeds the quote-and-buy widget or calls the public API
 * (DESIGN.md section 11). `client_id` is public; the secret is stored only as its SHA-256 (it is
 * 32 random bytes, so a slow hash adds nothing). After a rotation the previous secret stays valid
 * until `previous_secret_expires_at`. `whitelist_url` holds exact origins (scheme://host[:port]),
 * or one leading `*.` label.
 */
export const publicClients = pgTable(
  'public_clients',
  {
    id: serial('id').primaryKey(),
    client_id: text('client_id').notNull(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    name: text('name').notNull(),
    type: publicClientType('type').notNull(),
    whitelist_url: text('whitelist_url').array().notNull(),
    is_active: boolean('is_active').notNull().default(true),
    secret_hash: text('secret_hash').notNull(),
    previous_secret_hash: text('previous_secret_hash'),
    previous_secret_expires_at: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** The widget's accent colour (#rrggbb) and logo URL; the agency's defaults when null. */
    theme_color: text('theme_color'),
    logo_url: text('logo_url'),
    created_by: integer('created_by').references(() => identities.id),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    /**
     * Raised each time the client is switched off; a token carries the generation it was issued
     * in, so a token from before a switch-off stays refused after the client is switched on again.
     */
    token_generation: integer('token_generation').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('public_clients_client_id_idx').on(t.client_id),
    index('public_clients_agency_idx').on(t.agency_id, t.created_at),
    index('public_clients_whitelist_idx').using('gin', t.whitelist_url),
  ],
)

/**
 * The proof that a browser made a widget purchase: the SHA-256 of a random secret answered once by
 * /wordpress/createStudentDetails and sent back as `x-purchase-secret` on every later call about
 * that policy (DESIGN.md section 11). A widget token is the client's, not the buyer's: without the
 * purchase secret, anyone holding a client's token could read any of its buyers' policies.
 */
export const widgetPurchaseSecrets = pgTable('widget_purchase_secrets', {
  policy_id: integer('policy_id')
    .primaryKey()
    .references(() => policies.id, { onDelete: 'cascade' }),
  secret_hash: text('secret_hash').notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})
