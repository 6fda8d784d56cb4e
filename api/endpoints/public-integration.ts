import { endpoint, ok, paged, type Endpoint } from '../define'
import { asWidget } from '../../domain/shared/actor'
import * as S from '../../domain/public-clients/public-clients.schemas'
import { StudentDetailsSchema } from '../../domain/policies/policies.schemas'
import { validateClientOAuth } from '../../domain/public-clients/client-tokens'
import { addPublicClient } from '../../domain/public-clients/add-public-client'
import { adminUpdatePublicClient } from '../../domain/public-clients/admin-update-public-client'
import { updatePublicClientByAgency } from '../../domain/public-clients/update-public-client-by-agency'
import { getAgencyClient } from '../../domain/public-clients/get-agency-client'
import { getAgencyClientByWhitelistOrigin } from '../../domain/public-clients/get-agency-client-by-whitelist-origin'
import { findAgencyClients } from '../../domain/public-clients/find-agency-clients'
import { findAllAgencyClients } from '../../domain/public-clients/find-all-agency-clients'
import { findPublicQuotes } from '../../domain/public-clients/find-public-quotes'
import { createPublicStudentDetails } from '../../domain/public-clients/create-public-student-details'
import { createPublicCheckout } from '../../domain/public-clients/create-public-checkout'
import { getPublicPaymentMethods } from '../../domain/public-clients/get-public-payment-methods'
import { getPublicPolicy } from '../../domain/public-clients/get-public-policy'
import { findPublicOffers } from '../../domain/public-clients/find-public-offers'
import { PURCHASE_SECRET_HEADER } from '../../domain/public-clients/purchase-secrets'
import * as R from '../public-responses'

/** spec/03 section 7, "Public integration (/wordpress)"; DESIGN.md section 11. */
const WP = '/wordpress'

/** The buyer's proof on calls about one widget purchase (answered by createStudentDetails). */
const purchaseSecretOf = (request: Request) => request.headers.get(PURCHASE_SECRET_HEADER)

export const publicIntegrationEndpoints: Endpoint[] = [
  // ---- Token ------------------------------------------------------------------------------------
  endpoint({
    method: 'POST',
    path: `${WP}/validateClientOAuth`,
    summary:
      'A 15-minute token for a public client: server to server with x-client-id and x-client-secret; from the embedded widget with x-client-id, x-from-iframe: true and x-parent-origin (an allow-listed origin; no secret). 401 for wrong credentials or an inactive client, 403 for a page not on the allow-list or an agency whose portal is not activated',
    access: { public: true },
    publicClient: true,
    response: R.TokenResponse,
    handler: async ({ request, clientIp }) => {
      const h = request.headers
      const fromIframe = h.get('x-from-iframe') === 'true'
      return ok(
        await validateClientOAuth({
          clientId: h.get('x-client-id'),
          secret: h.get('x-client-secret'),
          parentOrigin: fromIframe ? (h.get('x-parent-origin') ?? h.get('origin')) : undefined,
          ip: clientIp,
        }),
        'Authenticated',
      )
    },
  }),
  // ---- Calls with a token (x-access-token, x-client-id) -----------------------------------------
  endpoint({
    method: 'GET',
    path: `${WP}/quotes`,
    summary:
      "Quotes of the client's agency's insurers, cheapest first (policyType, startDate, endDate as /insurances/quotes); never the commission",
    access: findPublicQuotes.access,
    publicClient: true,
    query: S.PublicQuoteQuerySchema,
    response: R.QuotesResponse,
    handler: async ({ actor, query }) => ok(await findPublicQuotes({ actor: asWidget(actor), input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${WP}/createStudentDetails`,
    summary:
      'The student and the priced policy (the body of /policy/createStudentDetails, agency_id ignored): source WIDGET, attributed to the client and its agency. 201 with customerId, policyId, invoiceId and purchaseSecret (shown once: the x-purchase-secret of every later call about this policy)',
    access: createPublicStudentDetails.access,
    publicClient: true,
    body: StudentDetailsSchema,
    status: 201,
    response: R.StudentDetailsResponse,
    handler: async ({ actor, body }) => {
      const r = await createPublicStudentDetails({ actor: asWidget(actor), input: body })
      return { status: 201, message: 'Student details saved', data: r, extra: r }
    },
  }),
  endpoint({
    method: 'POST',
    path: `${WP}/airwallexCheckout`,
    summary:
      "A card checkout (the configured gateway) for a policy created through this client, with its x-purchase-secret (404 without it): answers the gateway's url and the amount; 409 when the policy cannot be paid now or card is not available",
    access: createPublicCheckout.access,
    publicClient: true,
    purchaseProof: true,
    body: S.PublicCheckoutSchema,
    response: R.CheckoutResponse,
    handler: async ({ actor, body, request }) =>
      ok(
        await createPublicCheckout({
          actor: asWidget(actor),
          input: body,
          purchaseSecret: purchaseSecretOf(request),
        }),
        'Checkout created',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${WP}/getPublicAvailablePaymentMethodsForAgency/{policy_id}`,
    summary:
      'How a student can pay a policy of this client through the widget (card, when the agency has it enabled), with the amount; needs the x-purchase-secret (404 without it)',
    access: getPublicPaymentMethods.access,
    publicClient: true,
    purchaseProof: true,
    params: S.PolicyIdSnakeParamSchema,
    response: R.PaymentMethodsResponse,
    handler: async ({ actor, params, request }) =>
      ok(
        await getPublicPaymentMethods({
          actor: asWidget(actor),
          policyId: params.policy_id,
          purchaseSecret: purchaseSecretOf(request),
        }),
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${WP}/getPublicPoliciesDetailById/{policyId}`,
    summary:
      "A policy created through this client, with its x-purchase-secret (any other, or without the right secret, is a 404): cover, status, amount and the certificate link once issued; nothing of the agency's",
    access: getPublicPolicy.access,
    publicClient: true,
    purchaseProof: true,
    params: S.PolicyIdParamSchema,
    response: R.PolicyResponse,
    handler: async ({ actor, params, request }) =>
      ok(
        await getPublicPolicy({
          actor: asWidget(actor),
          policyId: params.policyId,
          purchaseSecret: purchaseSecretOf(request),
        }),
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${WP}/getAllPublicOffers`,
    summary: "Offers running today on the insurers the client's agency sells, highest rate first, paged",
    access: findPublicOffers.access,
    publicClient: true,
    query: S.PublicOffersQuerySchema,
    response: R.OffersResponse,
    handler: async ({ actor, query }) =>
      paged(await findPublicOffers({ actor: asWidget(actor), page: query.page, perPage: query.perPage })),
  }),
  // ---- Client management (agency with user_management for its own; staff agency_management) ----
  endpoint({
    method: 'POST',
    path: `${WP}/agencyAddPublicClient/{agencyId}`,
    summary:
      'A website client of the agency (name, type IFRAME | IN_APP, whitelist_url origins, is_active, theme_color, logo_url). 201 with client_id and client_secret: the secret is shown this once',
    access: addPublicClient.access,
    params: S.AgencyIdParamSchema,
    body: S.PublicClientSchema,
    status: 201,
    response: R.ClientWithSecretResponse,
    handler: async ({ actor, params, body }) => ({
      status: 201,
      ...ok(await addPublicClient({ actor, agencyId: params.agencyId, input: body }), 'Client created'),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${WP}/agency/UpdatePublicClient/{id}`,
    summary:
      "Changes one of the agency's own clients; rotate_secret: true answers a new client_secret and keeps the old one valid 24 hours; is_active: false stops its tokens within a second",
    access: updatePublicClientByAgency.access,
    params: S.ClientIdParamSchema,
    body: S.UpdatePublicClientSchema,
    response: R.ClientMaybeSecretResponse,
    handler: async ({ actor, params, body }) =>
      ok(await updatePublicClientByAgency({ actor, id: params.id, input: body }), 'Client updated'),
  }),
  endpoint({
    method: 'POST',
    path: `${WP}/adminUpdatePublicClient/{id}`,
    summary: 'Staff change any client (as agency/UpdatePublicClient)',
    access: adminUpdatePublicClient.access,
    params: S.ClientIdParamSchema,
    body: S.UpdatePublicClientSchema,
    response: R.ClientMaybeSecretResponse,
    handler: async ({ actor, params, body }) =>
      ok(await adminUpdatePublicClient({ actor, id: params.id, input: body }), 'Client updated'),
  }),
  endpoint({
    method: 'GET',
    path: `${WP}/getAgencyClient/{agencyId}`,
    summary:
      "The agency's client serving the origin whitelist_url (the active one first); 404 when none does. Never the secret",
    access: getAgencyClient.access,
    params: S.AgencyIdParamSchema,
    query: S.WhitelistQuerySchema,
    response: R.ClientResponse,
    handler: async ({ actor, params, query }) =>
      ok(await getAgencyClient({ actor, agencyId: params.agencyId, origin: query.whitelist_url })),
  }),
  endpoint({
    method: 'GET',
    path: `${WP}/getAgencyClientByWhitelistOrigin`,
    summary:
      "The client serving the origin whitelist_url (staff: any agency's; the agency side: its own); 404 when none does",
    access: getAgencyClientByWhitelistOrigin.access,
    query: S.WhitelistQuerySchema,
    response: R.ClientResponse,
    handler: async ({ actor, query }) =>
      ok(await getAgencyClientByWhitelistOrigin({ actor, origin: query.whitelist_url })),
  }),
  endpoint({
    method: 'GET',
    path: `${WP}/getAgencyClients/{agencyId}`,
    summary: "The agency's clients, newest first, paged, each with its count of widget sales",
    access: findAgencyClients.access,
    params: S.AgencyIdParamSchema,
    query: S.ClientListQuerySchema,
    response: R.ClientListResponse,
    handler: async ({ actor, params, query }) =>
      paged(await findAgencyClients({ actor, agencyId: params.agencyId, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: `${WP}/getAllAgencyClients`,
    summary:
      "Every agency's clients (staff), newest first, paged; global_filter matches the client's name or id, the agency's name or an origin",
    access: findAllAgencyClients.access,
    query: S.ClientListQuerySchema,
    response: R.ClientListResponse,
    handler: async ({ actor, query }) => paged(await findAllAgencyClients({ actor, input: query })),
  }),
]
