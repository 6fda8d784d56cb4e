import { z } from 'zod'
import { PUBLIC_CLIENT_TYPES } from '../../db/schema/enums'
import { bool, id, isoDate, text, webUrl } from '../shared/fields'
import { PageQuerySchema } from '../shared/pagination'
import { policyTypeField } from '../quotes/quotes.schemas'
import { policyDates } from '../shared/fields'
import { normalizeOrigin, ORIGIN_MSG } from './public-clients.rules'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** One origin, canonicalised. */
export const OriginSchema = z
  .string({ error: ORIGIN_MSG })
  .max(256)
  .transform((v, ctx) => {
    const origin = normalizeOrigin(v)
    if (!origin) {
      ctx.addIssue({ code: 'custom', message: ORIGIN_MSG })
      return z.NEVER
    }
    return origin
  })

/** A list of origins: an array, or (from a form) text with one origin per line or comma. */
const OriginsSchema = z
  .preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(/[\s,]+/)
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z
      .array(OriginSchema, { error: 'Add at least one website origin' })
      .min(1, 'Add at least one website origin')
      .max(20, 'At most 20 origins'),
  )
  .transform((list) => [...new Set(list)])

const ThemeColor = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour like #1d4ed8')
    .transform((v) => v.toLowerCase())
    .nullish(),
)
const LOGO_MSG = 'Enter the address of an image (https://...)'
const LogoUrl = z.preprocess(
  blankToUndefined,
  webUrl({ max: 1024, message: LOGO_MSG })
    .refine((v) => v.startsWith('https://'), LOGO_MSG)
    .nullish(),
)

const clientShape = {
  name: text(2, 100),
  type: z.enum(PUBLIC_CLIENT_TYPES, { error: 'Choose IFRAME or IN_APP' }),
  whitelist_url: OriginsSchema,
  theme_color: ThemeColor,
  logo_url: LogoUrl,
}

/** agencyAddPublicClient: the settings of a new client. */
export const PublicClientSchema = z.object({ ...clientShape, is_active: bool().default(true) })
export type PublicClientInput = z.infer<typeof PublicClientSchema>

/** agency/UpdatePublicClient and adminUpdatePublicClient: any settings; `rotate_secret` issues a new secret. */
export const UpdatePublicClientSchema = z.object({
  name: clientShape.name.optional(),
  type: clientShape.type.optional(),
  whitelist_url: OriginsSchema.optional(),
  theme_color: ThemeColor,
  logo_url: LogoUrl,
  is_active: bool().optional(),
  rotate_secret: bool().optional(),
})
export type UpdatePublicClientInput = z.infer<typeof UpdatePublicClientSchema>

export const AgencyIdParamSchema = z.object({ agencyId: id() })
export const ClientIdParamSchema = z.object({ id: id() })
export const PolicyIdParamSchema = z.object({ policyId: id() })
export const PolicyIdSnakeParamSchema = z.object({ policy_id: id() })

export const WhitelistQuerySchema = z.object({ whitelist_url: OriginSchema })
export const ClientListQuerySchema = PageQuerySchema.extend({
  global_filter: z.preprocess(blankToUndefined, z.string().trim().max(256).optional()),
})
export type ClientListQuery = z.infer<typeof ClientListQuerySchema>

/** The quote query of the public API (the agency comes from the token). */
export const PublicQuoteQuerySchema = z
  .object({ policyType: policyTypeField(), startDate: isoDate(), endDate: isoDate() })
  .superRefine(policyDates('startDate', 'endDate'))
export type PublicQuoteQuery = z.infer<typeof PublicQuoteQuerySchema>

/** airwallexCheckout of the public API: one policy created through the same client. */
export const PublicCheckoutSchema = z.object({
  policy_id: id(),
  currency: z.preprocess(blankToUndefined, z.enum(['AUD', 'NPR', 'USD', 'INR']).default('AUD')),
  /** The page embedding the widget, so the checkout can come back to it; must be allow-listed. */
  parent_origin: z.preprocess(blankToUndefined, OriginSchema.optional()),
})
export type PublicCheckoutInput = z.infer<typeof PublicCheckoutSchema>

export const PublicOffersQuerySchema = PageQuerySchema
