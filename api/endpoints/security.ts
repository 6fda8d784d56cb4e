import { z } from 'zod'
import { exportSecurityEvents } from '../../domain/access/export-security-events'
import { findMySessions } from '../../domain/access/find-my-sessions'
import { findSecurityEvents } from '../../domain/access/find-security-events'
import { resetSecondFactor } from '../../domain/access/reset-second-factor'
import { revokeMyOtherSessions } from '../../domain/access/revoke-my-other-sessions'
import { revokeMySession } from '../../domain/access/revoke-my-session'
import { SECURITY_LOG_EXPORT_COLUMNS } from '../../domain/access/security-log-listing'
import {
  ResetSecondFactorSchema,
  SecurityLogFilterSchema,
  SecurityLogQuerySchema,
} from '../../domain/access/security-log.schemas'
import { id } from '../../domain/shared/fields'
import { sessionTokenOf } from '../auth.server'
import { endpoint, ok, paged, type Endpoint } from '../define'
import { exportResponse } from '../export.server'
import { businessDate } from '../../domain/shared/business-date'

const BASE = '/authentication'
const client = (request: Request, clientIp: string) => ({
  ip: clientIp,
  userAgent: request.headers.get('user-agent'),
})

/** Signed-in devices (each person's own sessions), the security log and an administrator's reset. */
export const securityEndpoints: Endpoint[] = [
  endpoint({
    method: 'GET',
    path: `${BASE}/sessions`,
    summary:
      "The caller's own live sessions (signed-in devices), newest first: id, method (password | sso), ip, browser, os, platform, device, signedInAt, expiresAt, secondFactorAt, awaitingSecondFactor, and current (the session of this call)",
    access: findMySessions.access,
    handler: async ({ actor, request }) =>
      ok(await findMySessions({ actor, currentSessionToken: sessionTokenOf(request) })),
  }),
  endpoint({
    method: 'DELETE',
    path: `${BASE}/sessions/{sessionId}`,
    summary:
      "Sign one of the caller's own sessions out. Another person's session, or one already ended, is 404; ending the session of this call signs the caller out",
    access: revokeMySession.access,
    params: z.object({ sessionId: id() }),
    handler: async ({ actor, params, request, clientIp }) =>
      ok(
        await revokeMySession({
          actor,
          sessionId: params.sessionId,
          currentSessionToken: sessionTokenOf(request),
          client: client(request, clientIp),
        }),
        'Signed out',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/revokeOtherSessions`,
    summary:
      'Sign out everywhere else: ends every session of the caller but the one of this call; answers { revoked }',
    access: revokeMyOtherSessions.access,
    handler: async ({ actor, request, clientIp }) =>
      ok(
        await revokeMyOtherSessions({
          actor,
          currentSessionToken: sessionTokenOf(request),
          client: client(request, clientIp),
        }),
        'Signed out everywhere else',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/securityLog`,
    summary:
      'The security log (sign-ins, refusals, second-factor changes, recovery codes, ended sessions), newest first. query: email (part of), kind, from, to (YYYY-MM-DD, business days, inclusive), page, perPage (default 25, at most 100)',
    access: findSecurityEvents.access,
    query: SecurityLogQuerySchema,
    handler: async ({ actor, query }) => paged(await findSecurityEvents({ actor, query })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/securityLog/export`,
    summary: 'The security log with the same filters (email, kind, from, to), every row, streamed as CSV',
    access: exportSecurityEvents.access,
    query: SecurityLogFilterSchema,
    handler: async ({ actor, query }) => {
      const rows = exportSecurityEvents({ actor, query })
      // The check runs at the first pull: a refusal is answered before the response starts.
      const first = await rows.next()
      async function* all() {
        if (!first.done) yield first.value
        yield* rows
      }
      return exportResponse({
        filename: `security-log-${businessDate()}`,
        format: 'csv',
        columns: SECURITY_LOG_EXPORT_COLUMNS,
        rows: all(),
      })
    },
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/resetSecondFactor`,
    summary:
      "An administrator resets a staff or agency user's second factor (authenticator app, passkeys, recovery codes) and ends their sessions; written to the security log and mailed to the person. body: user_type (staff | agency_user), user_id. Nobody resets their own (409)",
    access: resetSecondFactor.access,
    body: ResetSecondFactorSchema,
    handler: async ({ actor, body, request, clientIp }) =>
      ok(
        await resetSecondFactor({ actor, ...body, client: client(request, clientIp) }),
        'Second factor reset',
      ),
  }),
]
