import { and, eq, gte, isNull, lte, ne, or, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { insuranceProviders, providerRates } from '../../db/schema'
import { conflict, notFound } from '../shared/errors'
import type { RateCardInput } from './quotes.schemas'

export type RateCardRow = typeof providerRates.$inferSelect

export function presentRateCard(r: RateCardRow, provider: { id: number; name: string }) {
  return {
    id: r.id,
    provider_id: r.provider_id,
    provider: { id: provider.id, name: provider.name },
    policy_type: r.policy_type,
    monthly_rate: Number(r.monthly_rate),
    currency: r.currency,
    valid_from: r.valid_from,
    valid_to: r.valid_to,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }
}

/**
 * Locks the insurer row (so two editors of its cards run one after the other) and refuses a card
 * whose window overlaps another card of the same insurer and type (409). Returns the insurer.
 */
export async function lockProviderForRateCard(tx: DbOrTx, input: RateCardInput, exceptId?: number) {
  const [provider] = await tx
    .select({ id: insuranceProviders.id, name: insuranceProviders.name })
    .from(insuranceProviders)
    .where(eq(insuranceProviders.id, input.provider_id))
    .for('update')
  if (!provider) throw notFound('Insurance provider')
  // Windows [a_from, a_to] and [b_from, b_to] (null = open end) overlap when each starts no later
  // than the other ends.
  const conditions: SQL[] = [
    eq(providerRates.provider_id, input.provider_id),
    eq(providerRates.policy_type, input.policy_type),
    or(isNull(providerRates.valid_to), gte(providerRates.valid_to, input.valid_from))!,
  ]
  if (input.valid_to) conditions.push(lte(providerRates.valid_from, input.valid_to))
  if (exceptId !== undefined) conditions.push(ne(providerRates.id, exceptId))
  const [clash] = await tx
    .select()
    .from(providerRates)
    .where(and(...conditions))
    .limit(1)
  if (clash) {
    throw conflict(
      `A ${input.policy_type} rate card for ${provider.name} already covers ${clash.valid_from} to ${clash.valid_to ?? 'an open end'}`,
    )
  }
  return provider
}
