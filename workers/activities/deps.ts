import { sharedStepDeps, type StepDeps } from '../../domain/shared/step-deps'

/**
 * What activities reach outside the process with (domain/shared/step-deps.ts). The worker builds
 * the real ones once; tests pass the same real ones, or swap the clock or the mailer to observe an
 * activity without waiting.
 */
export type ActivityDeps = StepDeps

/** The production dependencies: the shared pool, the configured mail transport, wall-clock time. */
export const realActivityDeps = sharedStepDeps
