import { z } from 'zod'
import { id } from '../../shared/fields'
import { MonthSchema } from '../periods/periods.schemas'

/** Insurer remittances (issue 25): the inputs shared by the API, the pages and the use cases. */

export const BSB_INPUT_MSG = 'Enter the BSB as 6 digits (like 062-000)'
export const ACCOUNT_INPUT_MSG = 'Enter the account number as 1 to 9 digits'
export const ACCOUNT_NAME_INPUT_MSG = 'Enter the account name'

export const ProposeRemittancesSchema = z.object({ month: MonthSchema })

export const RemittanceIdSchema = z.object({ remittance_id: id() })
export const InsurerIdSchema = z.object({ insurance_provider_id: id() })

export const CancelRemittanceSchema = z.object({
  reason: z.string().trim().max(500).optional(),
})

export const InsurerBankAccountSchema = z.object({
  bsb: z
    .string({ error: BSB_INPUT_MSG })
    .trim()
    .regex(/^\d{3}[- ]?\d{3}$/, BSB_INPUT_MSG),
  account_number: z
    .string({ error: ACCOUNT_INPUT_MSG })
    .trim()
    .regex(/^\d{1,9}$/, ACCOUNT_INPUT_MSG),
  account_name: z.string({ error: ACCOUNT_NAME_INPUT_MSG }).trim().min(1, ACCOUNT_NAME_INPUT_MSG).max(32),
})
export type InsurerBankAccountInput = z.infer<typeof InsurerBankAccountSchema>

export const StatementFormatSchema = z.enum(['csv', 'xlsx', 'pdf']).default('csv')
