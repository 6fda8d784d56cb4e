import { getDb, type Db } from '../../db/client'
import { sendMail } from '../../domain/mail/mailer'
import { clock, type Clock } from '../../domain/shared/clock'

/**
 * What activities reach outside the process with. The worker builds the real ones once; tests pass
 * the same real ones, or swap the clock or the mailer to observe an activity without waiting.
 */
export type ActivityDeps = { db: Db; mail: typeof sendMail; clock: Clock }

/** The production dependencies: the shared pool, the configured mail transport, wall-clock time. */
export function realActivityDeps(): ActivityDeps {
  return { db: getDb(), mail: sendMail, clock }
}
