import type { z } from 'zod'
import type { Actor } from '../domain/shared/actor'
import type { Access } from '../domain/shared/authorize'
import type { PageInfo } from '../domain/shared/pagination'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Who may call an endpoint: the `.access` of the use case it serves (or narrower). */
export type { Access }

export type HandlerContext<P, Q, B> = {
  actor: Actor
  params: P
  query: Q
  body: B
  request: Request
  clientIp: string
  /** The unparsed request body, for endpoints declared with `rawBody` (signed webhooks). */
  rawBody?: string
}

export type ApiResult = {
  status?: number
  message?: string
  data?: unknown
  pageInfo?: PageInfo | Record<string, unknown>
  extra?: Record<string, unknown>
}

export type Endpoint<P = unknown, Q = unknown, B = unknown> = {
  method: Method
  path: string
  summary: string
  access: Access
  params?: z.ZodType<P>
  query?: z.ZodType<Q>
  body?: z.ZodType<B>
  /** Success status (200 unless stated). */
  status?: number
  /** Hand the body to the handler as text (`rawBody`) instead of parsing it (signed webhooks). */
  rawBody?: boolean
  /** The largest body this row reads, in bytes, when it needs more than API_JSON_LIMIT (1 MB). */
  bodyLimit?: number
  /**
   * A call of the public integration (/wordpress): authenticated by a public client's headers,
   * never the session; answers CORS for the client's allow-listed origins and is rate limited
   * per client and per IP.
   */
  publicClient?: boolean
  /**
   * A public call about one widget purchase: it also needs that purchase's secret
   * (`x-purchase-secret`, answered by createStudentDetails); declared in OpenAPI.
   */
  purchaseProof?: boolean
  /** The success answer's JSON schema, declared in OpenAPI (the envelope with `data`). */
  response?: z.ZodType
  handler: (ctx: HandlerContext<P, Q, B>) => Promise<ApiResult | Response>
}

/** Declares one row of the endpoint table with its types inferred from the schemas. */
export function endpoint<P = Record<string, never>, Q = Record<string, never>, B = Record<string, never>>(
  e: Endpoint<P, Q, B>,
): Endpoint {
  return e as unknown as Endpoint
}

export const ok = (data?: unknown, message = 'Success'): ApiResult => ({ data, message })

/** The answer of a list: its rows in `data` and the page in `pageInfo`. */
export const paged = (r: { items: unknown[]; pageInfo: NonNullable<ApiResult['pageInfo']> }): ApiResult => ({
  data: r.items,
  pageInfo: r.pageInfo,
})
