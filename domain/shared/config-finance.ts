import { z } from 'zod'

/** The settings of finance operations (issue 25). */
export const financeSettings = {
  /**
   * Bank statement matching, maker-checker: the person who uploaded a statement may confirm its
   * matches alone only up to this amount (AUD cents); above it another person with finance
   * confirms. 0 (the default): the uploader never confirms their own statement's matches.
   */
  STATEMENT_SELF_CONFIRM_LIMIT_CENTS: z.coerce.number().int().min(0).default(0),
}
