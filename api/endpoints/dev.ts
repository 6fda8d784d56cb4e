import { z } from 'zod'
import { endpoint, ok } from '../define'
import { findOutbox } from '../../domain/mail/mailer'
import { isDemo } from '../../domain/shared/config'
import { DomainError } from '../../domain/shared/errors'

export const devEndpoints = [
  endpoint({
    method: 'GET',
    path: '/dev/outbox',
    summary: 'Development only: stored outbox mails, newest first, optionally for one recipient',
    access: { public: true },
    query: z.object({ to: z.string().trim().max(256).optional() }),
    handler: async ({ query }) => {
      // Mails carry one-time codes and temporary passwords: never expose them in production.
      if (!isDemo()) throw new DomainError('NOT_FOUND', 'Not found')
      const mails = await findOutbox(query.to || undefined)
      return ok(
        mails.map(({ to, subject, text, html, created_at }) => ({ to, subject, text, html, created_at })),
      )
    },
  }),
]
