import { type Actor } from '../../shared/actor'
import { pageInfo } from '../../shared/pagination'
import type { PaymentListInput } from '../finance.schemas'
import { defineUseCase } from '../../shared/authorize'
import { type PaymentList, buildQuery, present, scope } from './payment-policy-listing'

/**
 * One page of a payment list (see PaymentList), filtered by search (ref, student name, e-mail,
 * passport), agency, provider and payment type, sorted and paged in SQL.
 */
export const findPaymentPolicies = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findPaymentPolicies(opts: {
    actor: Actor
    list: PaymentList
    agencyId?: number
    input: PaymentListInput & { page: number; perPage: number }
  }) {
    const { input } = opts
    const agencyId = await scope(opts.actor, opts.list, input, opts.agencyId)
    const rows = await buildQuery(opts.list, input, agencyId)
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
    return { items: rows.map(present), pageInfo: pageInfo(input.page, input.perPage, rows[0]?.total ?? 0) }
  },
)
