import { boolean, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from './common'

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  numeric_code: text('numeric_code'),
  phone_code: text('phone_code'),
  capital: text('capital'),
  currency: text('currency'),
  currency_name: text('currency_name'),
  currency_symbol: text('currency_symbol'),
  iso3: text('iso3'),
  iso2: text('iso2').notNull().unique(),
  flag_url: text('flag_url'),
  ...timestamps,
})

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    state_code: text('state_code'),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('states_country_name_idx').on(t.country_id, t.name)],
)

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    state_id: integer('state_id')
      .notNull()
      .references(() => states.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('cities_state_name_idx').on(t.state_id, t.name), index('cities_name_idx').on(t.name)],
)

export const insuranceProviders = pgTable('insurance_providers', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  short_name: text('short_name').notNull(),
  display_name: text('display_name').notNull(),
  logo: text('logo'),
  is_active: boolean('is_active').notNull().default(true),
  ...timestamps,
})

/** The single GST rate record (rates in percent). */
export const gstRates = pgTable('gst_rates', {
  id: serial('id').primaryKey(),
  gst_rate: numeric('gst_rate', { precision: 5, scale: 2 }).notNull(),
  card_surcharge_rate: numeric('card_surcharge_rate', { precision: 5, scale: 2 }).notNull(),
  ...timestamps,
})
