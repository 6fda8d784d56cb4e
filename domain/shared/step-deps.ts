import { getDb, type Db } from '../../db/client'
import { sendMail } from '../mail/mailer'
import { clock, type Clock } from './clock'

/**
 * What a workflow step reaches outside the process with: the database, the mailer and the clock.
 * The worker builds them once and passes them to every activity (workers/activities/deps.ts);
 * other callers get the shared ones; tests pass the real ones or swap the clock or the mailer.
 */
export type StepDeps = { db: Db; mail: typeof sendMail; clock: Clock }

/** The shared pool, the configured mail transport, wall-clock time. */
export const sharedStepDeps = (): StepDeps => ({ db: getDb(), mail: sendMail, clock })
