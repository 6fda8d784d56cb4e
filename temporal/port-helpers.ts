// The shared moves of the Temporal-backed WorkflowPort: start a workflow once, deliver a decision
// as an Update (refusals become 409s, or 403/404 as the activity refused), and restart a missing run before deciding.
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  type WorkflowHandle,
} from '@temporalio/client'
import { ApplicationFailure, type UpdateDefinition } from '@temporalio/common'
import { DomainError, type DomainErrorCode } from '../domain/shared/errors'
import { temporalClient } from './client'
import { taskQueue } from './config'

/** The codes a refused activity keeps through the workflow (its ApplicationFailure type). */
const KEPT_CODES = new Set<DomainErrorCode>(['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'])

/**
 * An Update's failure as the domain's refusal: a validator's refusal or a refused activity becomes
 * a 409 with its reason, except that a refused activity keeps a FORBIDDEN, NOT_FOUND or CONFLICT
 * code (a maker refused by the money writer stays a 403). null for anything else.
 */
export function refusalOf(err: unknown): DomainError | null {
  if (!(err instanceof WorkflowUpdateFailedError)) return null
  let cause: unknown = err.cause
  let code: DomainErrorCode = 'INVALID_TRANSITION'
  for (;;) {
    if (cause instanceof ApplicationFailure && KEPT_CODES.has(cause.type as DomainErrorCode))
      code = cause.type as DomainErrorCode
    if (!(cause instanceof Error && cause.cause instanceof Error)) break
    cause = cause.cause
  }
  return new DomainError(code, cause instanceof Error ? cause.message : err.message)
}

/** Starts a workflow under its id; one already running (or started by a concurrent call) is left alone. */
export async function startOnce(workflowType: string, workflowId: string, input: unknown) {
  const client = await temporalClient()
  try {
    await client.workflow.start(workflowType, { workflowId, taskQueue: taskQueue(), args: [input] })
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err
  }
}

/**
 * Delivers a decision as the workflow's Update and answers what the Update returned (typed by the
 * contract's definition: the state the decision left); a refusal is a 409 with its reason.
 */
export async function executeDecision<R, A extends [unknown, ...unknown[]]>(
  handle: WorkflowHandle,
  update: UpdateDefinition<R, A>,
  args: A,
): Promise<R> {
  try {
    return await handle.executeUpdate(update, { args })
  } catch (err) {
    throw refusalOf(err) ?? err
  }
}

/**
 * Delivers a decision to the workflow `workflowId` and answers the Update's result. A completed
 * run means it was decided already (409 `closedMessage`); a run that never started (its start
 * after the commit failed) or was terminated is started again with `restart`, then decided.
 */
export async function decideOrRestart<R, A extends [unknown, ...unknown[]]>(opts: {
  workflowId: string
  update: UpdateDefinition<R, A>
  args: A
  restart: () => Promise<void>
  closedMessage: string
}): Promise<R> {
  const handle = (await temporalClient()).workflow.getHandle(opts.workflowId)
  try {
    return await executeDecision(handle, opts.update, opts.args)
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err
    let finished = false
    try {
      finished = (await handle.describe()).status.name === 'COMPLETED'
    } catch (e) {
      if (!(e instanceof WorkflowNotFoundError)) throw e
    }
    if (finished) throw new DomainError('INVALID_TRANSITION', opts.closedMessage)
    await opts.restart()
    return await executeDecision(handle, opts.update, opts.args)
  }
}
