import { z } from 'zod'

/**
 * The answers of the public integration calls (/wordpress), as JSON: the OpenAPI document
 * declares them and a test checks real answers against them. Timestamps travel as ISO text.
 */
const Timestamp = z.string().describe('ISO 8601 timestamp')
const Day = z.string().describe('YYYY-MM-DD')

export const PageInfo = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  totalCapped: z.literal(true).optional(),
})

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data })
export const pagedEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), message: z.string(), data: z.array(item), pageInfo: PageInfo })

/** Every refusal: the message, and the fields at fault for a 400. */
export const ErrorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})

export const TokenResponse = envelope(
  z.object({
    token: z.string(),
    agencyId: z.number().int(),
    expiresIn: z.number().int().describe('seconds'),
  }),
)

const Provider = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  logo: z.string().nullable(),
})

export const PublicQuote = z.object({
  policyType: z.enum(['SINGLE', 'FAMILY', 'SINGLE_PARENT', 'COUPLE']),
  startDate: Day,
  endDate: Day,
  days: z.number().int(),
  premium: z.number().describe('AUD, before any offer'),
  payable: z.number().describe('AUD, what the student pays'),
  currency: z.literal('AUD'),
  provider: Provider,
  offer: z.object({ hasOffer: z.boolean(), offerPremium: z.number().nullable(), rate: z.number() }),
})
export const QuotesResponse = envelope(z.array(PublicQuote))

const Created = z.object({
  customerId: z.number().int(),
  policyId: z.number().int(),
  invoiceId: z.number().int(),
  purchaseSecret: z
    .string()
    .describe(
      'Shown this once: send it as x-purchase-secret on every later call about this policy (its detail, certificate link, payment methods, checkout); without it they answer 404',
    ),
})
export const StudentDetailsResponse = envelope(Created).extend(Created.shape)

export const CheckoutResponse = envelope(
  z.object({
    url: z.string().describe("The gateway's hosted checkout: open it in a new window"),
    success_url: z.string(),
    cancel_url: z.string(),
    card_payment_id: z.number().int(),
    checkout_session_id: z.string(),
    gateway: z.enum(['sandbox', 'stripe']),
    amount: z.number(),
    surcharge_amount: z.number(),
    surcharge_rate: z.number().nullable(),
    currency: z.string(),
    requested_currency: z.string(),
    policy_id: z.number().int(),
  }),
)

export const PaymentMethodsResponse = envelope(
  z.object({
    policy_id: z.number().int(),
    currency: z.string(),
    premium: z.number(),
    methods: z.array(
      z.object({
        method: z.literal('CARD'),
        amount: z.number(),
        surcharge_amount: z.number(),
        surcharge_rate: z.number().nullable(),
      }),
    ),
  }),
)

export const PolicyResponse = envelope(
  z.object({
    id: z.number().int(),
    ref: z.string(),
    status: z.string(),
    status_label: z.string(),
    is_paid: z.boolean(),
    policy_type: z.string().nullable(),
    start_date: Day.nullable(),
    end_date: Day.nullable(),
    premium: z.number().nullable(),
    currency: z.string(),
    purchased_at: Timestamp.nullable(),
    provider: Provider.nullable(),
    student: z
      .object({ first_name: z.string(), last_name: z.string(), email: z.string().nullable() })
      .nullable(),
    certificate: z
      .object({
        issued_at: Timestamp.nullable(),
        url: z
          .string()
          .describe(
            'A signed download link, handed out only with the x-purchase-secret; valid expires_in seconds',
          ),
        expires_in: z.number().int(),
      })
      .nullable(),
  }),
)

export const OffersResponse = pagedEnvelope(
  z.object({
    id: z.number().int(),
    insurance_provider_id: z.number().int(),
    start_date: Day,
    end_date: Day,
    is_active: z.boolean(),
    rate: z.number(),
    type: z.string(),
    is_current: z.boolean(),
    provider: Provider.extend({ short_name: z.string() }),
  }),
)

export const PublicClient = z.object({
  id: z.number().int(),
  client_id: z.string(),
  agency_id: z.number().int(),
  agency_name: z.string().nullable().optional(),
  name: z.string(),
  type: z.enum(['IFRAME', 'IN_APP']),
  whitelist_url: z.array(z.string()),
  is_active: z.boolean(),
  theme_color: z.string().nullable(),
  logo_url: z.string().nullable(),
  created_by: z.number().int().nullable(),
  last_used_at: Timestamp.nullable(),
  previous_secret_expires_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export const ClientResponse = envelope(PublicClient)
export const ClientWithSecretResponse = envelope(
  PublicClient.extend({ client_secret: z.string().describe('Shown this once') }),
)
export const ClientMaybeSecretResponse = envelope(
  PublicClient.extend({ client_secret: z.string().optional().describe('Only after rotate_secret') }),
)
export const ClientListResponse = pagedEnvelope(PublicClient.extend({ widget_sales: z.number().int() }))
