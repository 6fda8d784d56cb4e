import { z } from 'zod'
import { endpoint, type Endpoint } from './define'
import { json } from './respond'
import { ErrorResponse } from './public-responses'

function schemaOf(s: z.ZodType | undefined, io: 'input' | 'output' = 'input') {
  if (!s) return undefined
  try {
    const { $schema: _, ...schema } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<
      string,
      unknown
    >
    return schema
  } catch {
    return {}
  }
}

/** The answer of a call whose `data` is not described in detail (yet): the envelope every call answers. */
const ENVELOPE = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { const: true },
    message: { type: 'string' },
    data: {},
    pageInfo: { type: 'object' },
  },
}

const ERRORS: Record<string, string> = {
  '400': 'validation: the message and `errors` by field',
  '401':
    'not authenticated (no session; for /wordpress: a missing, expired or foreign token, or an inactive client)',
  '403': 'missing permission (for /wordpress: an origin not on the allow-list)',
  '404':
    'not found (including another agency’s record, another client’s policy, a policy without its x-purchase-secret)',
  '409': 'conflict or illegal transition, with the reason',
  '429': 'too many requests: Retry-After says when to try again',
}

const TOKEN_FLOW = `Partners call the public integration (/api/wordpress) with a client of their agency
(created on the agency portal's Website widget page, or by staff).

1. POST /api/wordpress/validateClientOAuth with the headers x-client-id and x-client-secret (server
   to server only; never put the secret in a browser). The answer's data.token is valid 15 minutes.
2. Every other call sends x-client-id and x-access-token: <token>. A 401 means the token ran out or
   the client was switched off: get a new token.
3. From a browser, calls are accepted only from the client's allow-listed origins (CORS), and the
   embeddable widget (/embed.js, /embed/<clientId>) gets its token from the server that renders it.
4. A token is the client's, not the buyer's: createStudentDetails answers a purchaseSecret, once.
   Every later call about that policy (getPublicPoliciesDetailById, its certificate link,
   getPublicAvailablePaymentMethodsForAgency, airwallexCheckout) sends it as x-purchase-secret;
   without the right one the policy is a 404. Keep it only where the purchase was made.
5. Calls are rate limited per client and per IP (429 with Retry-After).`

/** A money decision: it wants a second factor given in the last STEP_UP_MAX_AGE (issue 24). */
const stepsUp = (e: Endpoint) => 'stepUp' in e.access && !!e.access.stepUp

const STEP_UP_PARAMETER = {
  name: 'x-second-factor-code',
  in: 'header',
  required: false,
  description:
    'A money decision needs a second factor given lately. When the answer is 401 with `mfa_required: true`, repeat the call with a code of your authenticator app (or a recovery code) in this header; it counts for the next STEP_UP_MAX_AGE (10 minutes by default). `enrolment_required: true` means the person has no second factor yet: enrol one on the Sign-in security page.',
  schema: { type: 'string', maxLength: 64 },
}

const STEP_UP_401 = `${ERRORS['401']}; for this money decision also \`mfa_required: true\` when no second factor was given lately: repeat the call with the x-second-factor-code header`

function security(e: Endpoint) {
  if (e.path === '/wordpress/validateClientOAuth')
    return [{ clientId: [], clientSecret: [] }, { clientId: [] }]
  if (e.publicClient && e.purchaseProof) return [{ clientId: [], clientToken: [], purchaseSecret: [] }]
  if (e.publicClient) return [{ clientId: [], clientToken: [] }]
  return 'public' in e.access ? [] : [{ bearer: [] }, { cookie: [] }]
}

/** OpenAPI 3.1 document generated from the endpoint table itself. */
export function openApiDocument(
  table: Endpoint[],
  info: { title: string; description?: string } = {
    title: 'OSHC Back Office API',
  },
) {
  const paths: Record<string, Record<string, unknown>> = {}
  const error = schemaOf(ErrorResponse, 'output')
  for (const e of table) {
    const params = e.path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? []
    const query = schemaOf(e.query as z.ZodType | undefined) as
      { properties?: Record<string, unknown>; required?: string[] } | undefined
    const errorCodes = Object.keys(ERRORS).filter(
      (code) =>
        (code !== '401' || !('public' in e.access) || e.publicClient) && (code !== '429' || e.publicClient),
    )
    ;(paths[`/api${e.path}`] ??= {})[e.method.toLowerCase()] = {
      operationId: `${e.method.toLowerCase()}${e.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: e.summary,
      security: security(e),
      'x-access': e.access,
      parameters: [
        ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        ...(stepsUp(e) ? [STEP_UP_PARAMETER] : []),
        ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          required: query?.required?.includes(name) ?? false,
          schema,
        })),
      ],
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: schemaOf(e.body as z.ZodType) } },
            },
          }
        : {}),
      responses: {
        [String(e.status ?? 200)]: {
          description: 'success',
          content: { 'application/json': { schema: e.response ? schemaOf(e.response, 'output') : ENVELOPE } },
        },
        ...Object.fromEntries(
          errorCodes.map((code) => [
            code,
            {
              description: code === '401' && stepsUp(e) ? STEP_UP_401 : ERRORS[code],
              content: { 'application/json': { schema: error } },
            },
          ]),
        ),
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: { version: '1', ...info },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'oshc_session' },
        clientId: { type: 'apiKey', in: 'header', name: 'x-client-id' },
        clientSecret: { type: 'apiKey', in: 'header', name: 'x-client-secret' },
        clientToken: { type: 'apiKey', in: 'header', name: 'x-access-token' },
        purchaseSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'x-purchase-secret',
          description: "The purchase's secret, answered once by createStudentDetails",
        },
      },
    },
    paths,
  }
}

/** Built once per process on first use: the endpoint table does not change while it runs. */
function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined
  return () => (built ??= { value: build() }).value
}

/** GET /openapi.json (every call) and GET /wordpress/openapi.json (the public integration, with its token flow). */
export const openApiEndpoints = (table: Endpoint[]) => {
  const everything = once(() => openApiDocument(table))
  const partner = once(() =>
    openApiDocument(
      table.filter((e) => e.path.startsWith('/wordpress/') && e.path !== '/wordpress/openapi.json'),
      { title: 'OSHC quote-and-buy partner API', description: TOKEN_FLOW },
    ),
  )
  return [
    endpoint({
      method: 'GET',
      path: '/openapi.json',
      summary: 'This document',
      access: { public: true },
      handler: async () => json(200, everything()),
    }),
    endpoint({
      method: 'GET',
      path: '/wordpress/openapi.json',
      summary: 'The public integration alone, with the token flow described',
      access: { public: true },
      handler: async () => json(200, partner()),
    }),
  ]
}
