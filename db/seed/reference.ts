import { sql } from 'drizzle-orm'
import { Country, State, City } from 'country-state-city'
import type { Db } from '../client'
import {
  cancellationSteps,
  cities,
  countries,
  exchangeRates,
  gstRates,
  insuranceProviders,
  providerRates,
  states,
} from '../schema'

/** The six insurers of spec/01 with their fixed ids and keys. */
export const INSURERS = [
  { id: 1, key: 'nib', name: 'nib', short_name: 'NIB', display_name: 'nib OSHC' },
  {
    id: 2,
    key: 'allianz_care',
    name: 'Allianz Care',
    short_name: 'ALZ',
    display_name: 'Allianz Care Australia',
  },
  { id: 3, key: 'bupa', name: 'Bupa', short_name: 'BUPA', display_name: 'Bupa OSHC' },
  {
    id: 4,
    key: 'bupa_advantage',
    name: 'Bupa Advantage',
    short_name: 'BUPA-ADV',
    display_name: 'Bupa Advantage OSHC',
  },
  { id: 5, key: 'ahm_oshc', name: 'ahm OSHC', short_name: 'AHM', display_name: 'ahm OSHC' },
  { id: 6, key: 'medi_bank', name: 'Medibank', short_name: 'MEDI', display_name: 'Medibank OSHC' },
] as const

/** DESIGN.md section 5 rate cards, AUD per month: SINGLE / COUPLE / SINGLE_PARENT / FAMILY. */
export const RATE_CARDS: Record<number, [string, string, string, string]> = {
  1: ['52.10', '139.40', '139.40', '162.00'],
  2: ['55.00', '145.00', '145.00', '170.00'],
  3: ['57.60', '152.00', '152.00', '176.00'],
  4: ['49.90', '133.00', '133.00', '157.00'],
  5: ['48.75', '130.00', '130.00', '154.00'],
  6: ['54.20', '142.50', '142.50', '168.00'],
}
const RATE_TYPES = ['SINGLE', 'COUPLE', 'SINGLE_PARENT', 'FAMILY'] as const

/**
 * The provider's steps to cancel a policy, ticked by staff once a cancellation is requested
 * (insurance_provider_id null: they apply to every provider).
 */
export const CANCELLATION_STEPS = [
  'Cancellation request sent to the provider',
  'Provider confirmed the cancellation',
  'Visa office notified',
  'Funds received from the provider',
] as const

/** Indicative AUD exchange rates for payment in another currency (staff edit them). */
export const EXCHANGE_RATES = [
  { currency: 'NPR' as const, rate: '88.500000' },
  { currency: 'USD' as const, rate: '0.650000' },
  { currency: 'INR' as const, rate: '55.200000' },
]

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
}

/**
 * Countries, states and cities from the country-state-city package, the insurers and the GST
 * record. Each part is skipped when already present, so a second start keeps the data.
 */
export async function seedReference(db: Db, opts: { allCities?: boolean } = {}) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(countries)
  if (n === 0) {
    const cs = Country.getAllCountries()
    await db.insert(countries).values(
      cs.map((c) => ({
        name: c.name,
        iso2: c.isoCode,
        phone_code: c.phonecode,
        currency: c.currency,
        flag_url: `https://flagcdn.com/${c.isoCode.toLowerCase()}.svg`,
      })),
    )
    const countryIds = new Map(
      (await db.select({ id: countries.id, iso2: countries.iso2 }).from(countries)).map((c) => [
        c.iso2,
        c.id,
      ]),
    )
    const allStates = State.getAllStates().filter((s) => countryIds.has(s.countryCode))
    await inBatches(allStates, 2000, (batch) =>
      db
        .insert(states)
        .values(
          batch.map((s) => ({
            name: s.name,
            state_code: s.isoCode,
            country_id: countryIds.get(s.countryCode)!,
          })),
        )
        .onConflictDoNothing(),
    )
    const stateRows = await db
      .select({ id: states.id, code: states.state_code, country_id: states.country_id })
      .from(states)
    const stateKey = new Map(stateRows.map((s) => [`${s.country_id}:${s.code}`, s.id]))
    // Tests seed only Australia's cities to keep template databases small.
    const wanted = opts.allCities === false ? (City.getCitiesOfCountry('AU') ?? []) : City.getAllCities()
    const cityRows = wanted
      .map((c) => ({
        name: c.name,
        state_id: stateKey.get(`${countryIds.get(c.countryCode)}:${c.stateCode}`),
      }))
      .filter((c): c is { name: string; state_id: number } => !!c.state_id)
    await inBatches(cityRows, 5000, (batch) => db.insert(cities).values(batch).onConflictDoNothing())
  }
  await db
    .insert(insuranceProviders)
    .values([...INSURERS])
    .onConflictDoNothing()
  const [{ g }] = await db.select({ g: sql<number>`count(*)::int` }).from(gstRates)
  if (g === 0) await db.insert(gstRates).values({ gst_rate: '10.00', card_surcharge_rate: '1.50' })
  const [{ r }] = await db.select({ r: sql<number>`count(*)::int` }).from(providerRates)
  if (r === 0) {
    await db.insert(providerRates).values(
      Object.entries(RATE_CARDS).flatMap(([provider, rates]) =>
        rates.map((monthly_rate, i) => ({
          provider_id: Number(provider),
          policy_type: RATE_TYPES[i],
          monthly_rate,
          valid_from: '2020-01-01',
        })),
      ),
    )
  }
  await db.insert(exchangeRates).values(EXCHANGE_RATES).onConflictDoNothing()
  const [{ c }] = await db.select({ c: sql<number>`count(*)::int` }).from(cancellationSteps)
  if (c === 0)
    await db
      .insert(cancellationSteps)
      .values(CANCELLATION_STEPS.map((name, i) => ({ name, position: i + 1, insurance_provider_id: null })))
}
