import { getDb } from '../../db/client'
import { clientErrorReports } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertUnderLimit, recordFailure } from '../shared/rate-limit'
import type { ClientErrorSchema } from './notifications.schemas'
import type { z } from 'zod'

/** Reports one IP may send in ten minutes; beyond, 429 with Retry-After. */
export const CLIENT_ERROR_LIMIT = { max: 30, window: 10 * 60 }

/**
 * notifyErrors (anyone, signed in or not): stores a browser's error report for staff, capped in
 * size (the schema) and in rate per IP. The answer says only that it was received.
 */
export const reportClientError = defineUseCase(
  { public: true },
  async function reportClientError(opts: {
    actor: Actor
    clientIp: string
    input: z.infer<typeof ClientErrorSchema>
  }) {
    const key = `client-error:${opts.clientIp}`
    await assertUnderLimit(key, CLIENT_ERROR_LIMIT.max, CLIENT_ERROR_LIMIT.window)
    await recordFailure(key, CLIENT_ERROR_LIMIT.window)
    await getDb()
      .insert(clientErrorReports)
      .values({
        identity_id: 'identityId' in opts.actor ? opts.actor.identityId : null,
        error: opts.input.error,
        meta: opts.input.meta ?? null,
        client_ip: opts.clientIp,
      })
    return { received: true }
  },
)
