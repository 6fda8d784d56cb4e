import { z } from 'zod'
import { PageQuerySchema } from '../shared/pagination'
import { ChangeReferralSchema, ReferralSchema } from '../agencies/agencies.schemas'

/** addAgencyReferral / updateAgencyReferral body: the referred agency's name and e-mail (spec/01 section 5). */
export { ReferralSchema, ChangeReferralSchema }
export type ReferralInput = z.infer<typeof ReferralSchema>
export type ChangeReferralInput = z.infer<typeof ChangeReferralSchema>

/** getAgencyReferrals: page and perPage as text. */
export const ReferralListQuerySchema = PageQuerySchema

/** getAllAgencyReferrals: page, perPage and a text filter over both agencies' names and e-mails. */
export const AllReferralsQuerySchema = PageQuerySchema.extend({
  global_filter: z.string().trim().max(256).optional(),
})
export type AllReferralsQuery = z.infer<typeof AllReferralsQuerySchema>
