// The client side of the amendment process: the domain's AmendmentProcess over Temporal.
import { WorkflowNotFoundError } from '@temporalio/client'
import type { AmendmentProcess } from '../../domain/amendments/amendment-process'
import { temporalClient } from '../../temporal/client'
import { amendmentDurations } from '../../temporal/config'
import { decideOrRestart, startOnce } from '../../temporal/port-helpers'
import {
  AMENDMENT_WORKFLOW,
  amendmentChangedSignal,
  amendmentDecideUpdate,
  amendmentWorkflowId,
  type AmendmentInput,
} from './amendment.contract'

/** Starts an amendment's workflow once. */
const start = (amendmentId: number) =>
  startOnce(AMENDMENT_WORKFLOW, amendmentWorkflowId(amendmentId), {
    amendmentId,
    durations: amendmentDurations(),
  } satisfies AmendmentInput)

export const amendmentPort: AmendmentProcess = {
  start,
  decide: (amendmentId, decision) =>
    decideOrRestart({
      workflowId: amendmentWorkflowId(amendmentId),
      update: amendmentDecideUpdate,
      args: [decision],
      restart: () => start(amendmentId),
      closedMessage: 'This amendment is closed',
    }),
  async changed(amendmentId) {
    const client = await temporalClient()
    try {
      await client.workflow.getHandle(amendmentWorkflowId(amendmentId)).signal(amendmentChangedSignal)
    } catch (err) {
      // Finished (or never started): the database holds the outcome either way.
      if (!(err instanceof WorkflowNotFoundError)) throw err
    }
  },
}
