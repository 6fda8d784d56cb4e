import { z } from 'zod'
import { PROMOTION_STATUSES } from '../../db/schema/enums'
import { id, isoDate, optionalText, text } from '../shared/fields'
import { PageQuerySchema, SortDirectionSchema } from '../shared/pagination'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
export const PROMOTION_END_MSG = 'End date must be on or after the publish date'

const shape = {
  title: text(2, 200),
  description: text(1, 20_000, 'Description is required'),
  /** The key of an image uploaded to the `public` folder (promotion-thumbnail.ts). */
  thumbnail: optionalText(1024),
  publish_date: isoDate(),
  end_date: isoDate(),
  status: z.enum(PROMOTION_STATUSES, { error: 'Choose DRAFT or PUBLISHED' }).default('DRAFT'),
}

/** add-promotion. */
export const PromotionSchema = z.object(shape).superRefine((v, ctx) => {
  if (v.end_date < v.publish_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: PROMOTION_END_MSG })
})
export type PromotionInput = z.infer<typeof PromotionSchema>

/** update-promotion/{id}: any fields; the dates are checked together with the stored ones. */
export const UpdatePromotionSchema = z.object({
  title: shape.title.optional(),
  description: shape.description.optional(),
  // Not sent: kept; blank or null: removed.
  thumbnail: shape.thumbnail.optional(),
  publish_date: isoDate().optional(),
  end_date: isoDate().optional(),
  status: z.enum(PROMOTION_STATUSES, { error: 'Choose DRAFT or PUBLISHED' }).optional(),
})
export type UpdatePromotionInput = z.infer<typeof UpdatePromotionSchema>

export const PROMOTION_SORT_KEYS = ['created_at', 'publish_date', 'end_date', 'title'] as const

/**
 * get-promotions: `isAdmin=true` (staff only) lists drafts and past ones too; otherwise the
 * published promotions running today. publish_date_filter: published on or after; end_date_filter:
 * ending on or before.
 */
export const PromotionListQuerySchema = PageQuerySchema.extend({
  isAdmin: z.preprocess(blankToUndefined, z.enum(['true', 'false']).default('false')),
  sort_key: z.preprocess(
    blankToUndefined,
    z.enum(PROMOTION_SORT_KEYS, { error: 'Unknown sort key' }).default('publish_date'),
  ),
  sort_direction: SortDirectionSchema,
  global_filter: z.preprocess(blankToUndefined, z.string().trim().max(256).optional()),
  publish_date_filter: z.preprocess(blankToUndefined, isoDate().optional()),
  end_date_filter: z.preprocess(blankToUndefined, isoDate().optional()),
})
export type PromotionListQuery = z.infer<typeof PromotionListQuerySchema>

export const PromotionIdParamSchema = z.object({ id: id() })
