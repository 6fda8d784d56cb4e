import { z } from 'zod'

/**
 * The insurer's side of a payout batch's ABA file (issue 25), from its bank. Unset on a demo
 * system: clearly marked demo values; unset in production: a batch's file cannot be written.
 */
export const abaSettings = {
  /** The APCA user identification number the bank gave (6 digits). */
  ABA_APCA_USER_ID: z
    .string()
    .regex(/^\d{6}$/, 'must be the 6-digit APCA user id')
    .optional(),
  /** The name the bank knows the user by (at most 26 characters). */
  ABA_USER_NAME: z.string().trim().min(1).max(26).optional(),
  /** The bank processing the file: its 3-letter code (CBA, WBC, NAB, ANZ...). */
  ABA_BANK_CODE: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a 3-letter bank code like CBA')
    .optional(),
  /** The account the payouts leave from (the trace account of each line). */
  ABA_BSB: z
    .string()
    .regex(/^\d{3}-?\d{3}$/, 'must be a BSB like 062-000')
    .optional(),
  ABA_ACCOUNT: z
    .string()
    .regex(/^\d{1,9}$/, 'must be 1 to 9 digits')
    .optional(),
  /** The remitter name payees see (at most 16 characters). */
  ABA_REMITTER: z.string().trim().min(1).max(16).optional(),
}

/**
 * The insurer as the supplier named on its tax invoices to agencies (issue 29). Unset on a demo
 * system: demo values, printed as such on the PDF; unset in production: no invoice PDF is written.
 */
export const insurerSettings = {
  /** The insurer's legal (or registered business) name. */
  INSURER_NAME: z.string().trim().min(1).max(200).optional(),
  /** The insurer's ABN: 11 digits, spaces allowed (51 824 753 556). */
  INSURER_ABN: z
    .string()
    .trim()
    .regex(/^\d{2} ?\d{3} ?\d{3} ?\d{3}$/, 'must be an ABN of 11 digits like 51 824 753 556')
    .optional(),
  /** The insurer's terms and privacy policy, linked where agencies accept them (registration). */
  TERMS_URL: z.string().url().optional(),
  PRIVACY_URL: z.string().url().optional(),
}

/** The settings of finance operations (issue 25). */
export const financeSettings = {
  ...abaSettings,
  ...insurerSettings,
  /**
   * Bank statement matching, maker-checker: the person who uploaded a statement may confirm its
   * matches alone only up to this amount (AUD cents); above it another person with finance
   * confirms. 0 (the default): the uploader never confirms their own statement's matches.
   */
  STATEMENT_SELF_CONFIRM_LIMIT_CENTS: z.coerce.number().int().min(0).default(0),
  /**
   * Clearing suspense: the most (AUD cents) one decision may write off (bank fees, rounding), with
   * a reason and a second person. Default 2000 (A$20).
   */
  SUSPENSE_WRITE_OFF_LIMIT_CENTS: z.coerce.number().int().min(0).default(2000),
  /**
   * A NexPay delivery for a premium quoted in another currency (an exchange quote for the policy):
   * an AUD amount within this many basis points of what is due settles it in full, the difference
   * posted to the exchange differences account (house:fx). Default 200 (2%); 0 turns it off.
   */
  FX_TOLERANCE_BPS: z.coerce.number().int().min(0).max(1000).default(200),
}
