// The client side of the clawback process: the domain's ClawbackProcess over Temporal.
import type { ClawbackProcess } from '../../domain/clawbacks/clawback-process'
import { temporalClient } from '../../temporal/client'
import { clawbackDurations, taskQueue } from '../../temporal/config'
import { decideOrRestart, startOnce } from '../../temporal/port-helpers'
import {
  CLAWBACK_WORKFLOW,
  clawbackChangedSignal,
  clawbackDecideUpdate,
  clawbackWorkflowId,
  type ClawbackInput,
} from './clawback.contract'

/** Starts a clawback's workflow once. */
const start = (clawbackId: number) =>
  startOnce(CLAWBACK_WORKFLOW, clawbackWorkflowId(clawbackId), {
    clawbackId,
    durations: clawbackDurations(),
  } satisfies ClawbackInput)

export const clawbackPort: ClawbackProcess = {
  start,
  async changed(clawbackId) {
    const client = await temporalClient()
    const input: ClawbackInput = { clawbackId, durations: clawbackDurations() }
    // Signal-with-start: a missing run (its start failed after the commit) is started; after a
    // finished one a new run loads the clawback, sees it COMPLETED and ends at once.
    await client.workflow.signalWithStart(CLAWBACK_WORKFLOW, {
      workflowId: clawbackWorkflowId(clawbackId),
      taskQueue: taskQueue(),
      args: [input],
      signal: clawbackChangedSignal,
      signalArgs: [],
    })
  },
  decide: (clawbackId, decision) =>
    decideOrRestart({
      workflowId: clawbackWorkflowId(clawbackId),
      update: clawbackDecideUpdate,
      args: [decision],
      restart: () => start(clawbackId),
      closedMessage: 'This clawback has already been settled',
    }),
}
