// The new-policy wizard's step forms (routes/agency+/policies.$policyId.edit and policies.new),
// checked by Conform in the browser and parsed by the action (components may not import domain/).
import { z } from 'zod'
import { checkAddress, otherShape } from '../../domain/policies/customer.schemas'
import {
  FamilyFormSchema,
  OtherDetailsFormSchema,
  PersonalDetailsFormSchema,
  QuoteChoiceSchema,
} from '../../domain/policies/policies.schemas'
import { optionalText } from '../../domain/shared/fields'

export { FamilyFormSchema, OtherDetailsFormSchema, PersonalDetailsFormSchema, QuoteChoiceSchema }

/** Stands for the city the action will look up by the name typed in the city box. */
const CITY_BY_NAME = -1

const checkCityByName = (
  v: Parameters<typeof checkAddress>[0] & { city_name?: string | null },
  ctx: z.RefinementCtx,
) => checkAddress({ ...v, city_id: v.city_id ?? (v.city_name ? CITY_BY_NAME : undefined) }, ctx)

/**
 * Step three as the browser posts it: the city box sends the city's name (`city_name`), which the
 * action turns into `city_id` (resolveAddress) before parsing with OtherDetailsFormSchema; a
 * name stands for the city here, so the same fields are required with the same messages.
 */
export const OtherStepSchema = z
  .object({ ...otherShape, city_name: optionalText(256) })
  .superRefine(checkCityByName)

/**
 * The new policy page when a quote for cover of the student alone is carried: the personal and
 * the passport steps on one page (the action saves them in turn, then initiates the quote).
 */
export const NewStudentFormSchema = PersonalDetailsFormSchema.extend({
  ...otherShape,
  city_name: optionalText(256),
}).superRefine(checkCityByName)

/** The passport step's fields, to part them from the personal ones. */
export const OTHER_FIELDS = Object.keys(otherShape) as (keyof typeof otherShape)[]
