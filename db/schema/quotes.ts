import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from './common'
import { identities } from './identity'
import { currency, policyType } from './agencies'
import { insuranceProviders } from './reference'

/**
 * Rate cards: the monthly rate of a (provider, policy type) over a validity window (valid_to null =
 * open-ended). Pricing picks the row valid on the policy's start date. Edited by staff.
 */
export const providerRates = pgTable(
  'provider_rates',
  {
    id: serial('id').primaryKey(),
    provider_id: integer('provider_id')
      .notNull()
      .references(() => insuranceProviders.id),
    policy_type: policyType('policy_type').notNull(),
    monthly_rate: numeric('monthly_rate', { precision: 10, scale: 2 }).notNull(),
    currency: currency('currency').notNull().default('AUD'),
    valid_from: date('valid_from').notNull(),
    valid_to: date('valid_to'),
    ...timestamps,
  },
  (t) => [index('provider_rates_lookup_idx').on(t.provider_id, t.policy_type, t.valid_from)],
)

/** Each insurer's product disclosure statement, uploaded by staff (a key of the files table). */
export const providerDocuments = pgTable('provider_documents', {
  provider_id: integer('provider_id')
    .primaryKey()
    .references(() => insuranceProviders.id),
  pds_key: text('pds_key').notNull(),
  pds_filename: text('pds_filename').notNull(),
  uploaded_by: integer('uploaded_by').references(() => identities.id),
  ...timestamps,
})

export const offerType = pgEnum('offer_type', ['DISCOUNT'])

/** Percentage discounts per provider (spec/03 offers); rate 1..50. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    insurance_provider_id: integer('insurance_provider_id')
      .notNull()
      .references(() => insuranceProviders.id),
    start_date: date('start_date').notNull(),
    end_date: date('end_date').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    rate: integer('rate').notNull(),
    type: offerType('type').notNull().default('DISCOUNT'),
    created_by: integer('created_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [index('offers_provider_idx').on(t.insurance_provider_id, t.is_active, t.start_date)],
)

/** Staff-editable exchange rates from AUD: 1 AUD = rate units of `currency`. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    currency: currency('currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('exchange_rates_currency_idx').on(t.currency)],
)
