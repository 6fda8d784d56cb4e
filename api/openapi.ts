import { z } from 'zod'
import { endpoint, type Endpoint } from './define'
import { json } from './respond'

function schemaOf(s: z.ZodType | undefined) {
  if (!s) return undefined
  try {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' })
  } catch {
    return {}
  }
}

/** OpenAPI 3.1 document generated from the endpoint table itself. */
export function openApiDocument(table: Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const e of table) {
    const params = e.path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? []
    const query = schemaOf(e.query as z.ZodType | undefined) as
      { properties?: Record<string, unknown> } | undefined
    const security = 'public' in e.access ? [] : [{ bearer: [] }, { cookie: [] }]
    ;(paths[`/api${e.path}`] ??= {})[e.method.toLowerCase()] = {
      summary: e.summary,
      security,
      'x-access': e.access,
      parameters: [
        ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', schema })),
      ],
      ...(e.body
        ? { requestBody: { content: { 'application/json': { schema: schemaOf(e.body as z.ZodType) } } } }
        : {}),
      responses: {
        [String(e.status ?? 200)]: { description: 'success: { success, message, data, pageInfo? }' },
        '400': { description: 'validation: { success: false, message, errors: { field: [message] } }' },
        '401': { description: 'no session' },
        '403': { description: 'missing permission' },
        '404': { description: 'not found (including another agency’s record)' },
        '409': { description: 'conflict or illegal transition, with the reason' },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'OSHC Back Office API', version: '1' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'oshc_session' },
      },
    },
    paths,
  }
}

export const openApiEndpoint = (table: Endpoint[]) =>
  endpoint({
    method: 'GET',
    path: '/openapi.json',
    summary: 'This document',
    access: { public: true },
    handler: async () => json(200, openApiDocument(table)),
  })
