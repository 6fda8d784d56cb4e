import { z } from 'zod'
import { id, optionalText, text } from '../shared/fields'
import { PageQuerySchema } from '../shared/pagination'

export const StatesQuerySchema = z.object({ country_id: id() })

export const CitiesQuerySchema = z
  .object({
    state_id: id(),
    search_query: z
      .string()
      .trim()
      .max(256, 'must be at most 256 characters')
      .optional()
      .transform((v) => v || undefined),
  })
  .extend(PageQuerySchema.shape)
export type CitiesQuery = z.infer<typeof CitiesQuerySchema>

export const CreateStateSchema = z.object({
  name: text(1, 256, 'name is required'),
  state_code: optionalText(16),
  country_id: id(),
})
export type CreateStateInput = z.infer<typeof CreateStateSchema>

export const CreateCitySchema = z.object({
  name: text(1, 256, 'name is required'),
  state_id: id(),
})
export type CreateCityInput = z.infer<typeof CreateCitySchema>

export const InsuranceProviderIdSchema = z.object({ id: id() })
