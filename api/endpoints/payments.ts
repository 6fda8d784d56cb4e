import { endpoint, ok, paged, type Endpoint } from '../define'
import {
  AirwallexCheckoutSchema,
  CreatePaymentLinkSchema,
  PolicyIdParamSchema,
  PurchasePolicySchema,
  QuotesCreateSchema,
  StripeCheckoutSchema,
  StripeConfirmSchema,
} from '../../domain/payments/payments.schemas'
import { purchasePolicy } from '../../domain/payments/purchase-policy'
import { getAvailablePaymentMethods } from '../../domain/payments/get-available-payment-methods'
import { createCardCheckout } from '../../domain/payments/create-card-checkout'
import { confirmCardCheckout } from '../../domain/payments/confirm-card-checkout'
import { createAirwallexCheckout } from '../../domain/payments/create-airwallex-checkout'
import { createPaymentLink } from '../../domain/payments/create-payment-link'
import { createExchangeQuote } from '../../domain/payments/create-exchange-quote'
import { receiveNexpayWebhook } from '../../domain/payments/receive-nexpay-webhook'
import { receiveStripeWebhook } from '../../domain/card-payments/receive-stripe-webhook'
import { CardDisputeListQuerySchema, findCardDisputes } from '../../domain/card-payments/find-card-disputes'
import { fromCents, toCents } from '../../domain/shared/money'

const AFM = '/agencies/finance-management'

/**
 * Purchasing a policy (spec/02 sections 7.2 and 7.5). Card checkouts of every name (stripe*,
 * airwallexCheckout) are served by the configured card gateway: the built-in sandbox, or Stripe
 * when STRIPE_SECRET_KEY is set.
 */
export const paymentEndpoints: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: `${AFM}/purchasePolicy`,
    summary:
      'Buy an INITIATED or PAYMENT_REJECTED policy: BANK (bank_document = uploaded file key, required) -> PURCHASED awaiting staff verification; NEXPAY -> PURCHASED until the signed webhook; AGENCY_BALANCE -> PAYMENT_APPROVED (409 "Insufficient agency balance"); BNPL / BUY_NOW_PAY_LATER -> PAYMENT_BY_BUY_NOW_PAY_LATER; CARD -> a card checkout { url, success_url, cancel_url, card_payment_id }. 409 when the method is not available or the quote is protected by a purchase rule',
    access: purchasePolicy.access,
    body: PurchasePolicySchema,
    handler: async ({ actor, body }) => {
      const r = await purchasePolicy({
        actor,
        policyId: body.policy_id,
        paymentType: body.payment_type,
        bankDocument: body.bank_document,
      })
      if (r.payment_type === 'CARD') return ok(r.checkout, 'Card checkout created')
      return ok(
        r,
        r.status === 'PURCHASED' ? 'Policy purchased; payment awaiting confirmation' : 'Policy purchased',
      )
    },
  }),
  endpoint({
    method: 'GET',
    path: `${AFM}/getAvailablePaymentMethodsForAgency/{policy_id}`,
    summary:
      "The payment methods this policy's agency may use for its insurer (Bank, AgencyBalance, BuyNowPayLater, Card, Nexpay), the balance and BNPL allowance left, and the card surcharge (rate, amount, card total)",
    access: getAvailablePaymentMethods.access,
    params: PolicyIdParamSchema,
    handler: async ({ actor, params }) =>
      ok(await getAvailablePaymentMethods({ actor, policyId: params.policy_id })),
  }),
  endpoint({
    method: 'POST',
    path: '/payments/stripeCheckout',
    summary:
      'A card checkout for a policy (premium plus the card surcharge when enabled): { url, success_url, cancel_url, card_payment_id }',
    access: createCardCheckout.access,
    body: StripeCheckoutSchema,
    handler: async ({ actor, body }) =>
      ok(await createCardCheckout({ actor, policyId: body.policy_id }), 'Card checkout created'),
  }),
  endpoint({
    method: 'POST',
    path: '/payments/stripeConfirmCheckout',
    summary:
      'Confirm a card checkout with the gateway and settle the premium (policy PAYMENT_APPROVED); idempotent; 409 while unpaid',
    access: confirmCardCheckout.access,
    body: StripeConfirmSchema,
    handler: async ({ actor, body }) => {
      const r = await confirmCardCheckout({
        actor,
        sessionId: body.checkout_session_id,
        policyId: body.policy_id,
      })
      return ok(r, r.already_confirmed ? 'Card payment already confirmed' : 'Card payment confirmed')
    },
  }),
  endpoint({
    method: 'POST',
    path: '/payments/airwallexCheckout',
    summary:
      'Card checkout for one policy (policies[0], or the policy of invoice_id), served by the configured card gateway in AUD; is_create_payment=false answers the amount only; total_amount must match the amount due',
    access: createAirwallexCheckout.access,
    body: AirwallexCheckoutSchema,
    handler: async ({ actor, body }) =>
      ok(await createAirwallexCheckout({ actor, input: body }), 'Card checkout created'),
  }),
  endpoint({
    method: 'POST',
    path: '/payment/quotesCreate',
    summary:
      'An exchange-rate quote for paying total_amount (AUD) in payment_currency (1 AUD = client_rate units), valid 15 minutes',
    access: createExchangeQuote.access,
    body: QuotesCreateSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'Quote created',
      data: await createExchangeQuote({
        actor,
        totalCents: toCents(body.total_amount),
        paymentCurrency: body.payment_currency,
        policyId: body.policy_id,
      }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: '/payment/createPaymentLink',
    summary:
      'A public card payment link /pay/<reference> for a policy, ACTIVE until paid or expired (expires_in hours, decimals allowed, default 72); the agency is reminded a day before expiry',
    access: createPaymentLink.access,
    body: CreatePaymentLinkSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'Payment link created',
      data: await createPaymentLink({
        actor,
        policyId: body.policy_id,
        currency: body.currency,
        expiresInHours: body.expires_in,
      }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: '/webhook/nexpay/v1',
    summary:
      'NexPay delivery { Id, Status, CreatedOn, PaidDate, PayoutDetails, StudentDetails }, signed with x-nexpay-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">; 401 when the signature is wrong or older than 300 s. Status PAID or COMPLETED settles the NEXPAY payment of the policy whose ref is PayoutDetails.Reference. Idempotent by Id',
    access: { public: true },
    rawBody: true,
    handler: async ({ request, rawBody }) =>
      ok(
        await receiveNexpayWebhook({
          rawBody: rawBody ?? '',
          signature: request.headers.get('x-nexpay-signature'),
        }),
        'Received',
      ),
  }),
  endpoint({
    method: 'POST',
    path: '/webhook/stripe',
    summary:
      'Stripe events, signed with stripe-signature (checked by the Stripe SDK, 300 s tolerance; 401 otherwise). checkout.session.completed and checkout.session.async_payment_succeeded settle the card payment of that session, idempotently; charge.dispute.created holds the disputed amount on the money journal and opens a staff task, charge.dispute.closed releases it (won) or takes it (lost), charge.dispute.updated keeps the latest status; other events are acknowledged. 404 while STRIPE_WEBHOOK_SECRET is unset',
    access: { public: true },
    rawBody: true,
    handler: async ({ request, rawBody }) =>
      ok(
        await receiveStripeWebhook({
          rawBody: rawBody ?? '',
          signature: request.headers.get('stripe-signature'),
        }),
        'Received',
      ),
  }),
  endpoint({
    method: 'GET',
    path: '/oshc/finance-management/getCardDisputes',
    summary:
      'Card disputes (chargebacks) reported by Stripe, open ones first (paged; status OPEN, WON or LOST to filter): what each disputes, the amount disputed and the amount held on the money journal (AUD) and from which account, reason, status and dates. Not in the specification; staff with finance',
    access: findCardDisputes.access,
    query: CardDisputeListQuerySchema,
    handler: async ({ actor, query }) => {
      const r = await findCardDisputes({ actor, input: query })
      const items = r.items.map((d) => ({
        ...d,
        amount: fromCents(d.amount),
        held_amount: fromCents(d.held_amount),
      }))
      return paged({ ...r, items })
    },
  }),
]
