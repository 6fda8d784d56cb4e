import { patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow'

const options = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
} as const

/**
 * The activities of a process that waits for people. They are short database writes (and a mail
 * through the outbox), so they run as local activities in the worker that runs the workflow: a
 * decision sent as an Update waits for no extra task round trips through the server (its p50 in
 * `npm run bench`). Runs started before a workflow took this step replay with the (remote)
 * activities they recorded: the returned function, called once at the start of the workflow,
 * asks `patched(patchId)`.
 */
export function stepActivities<A extends object>(patchId: string) {
  const remote = proxyActivities<A>(options)
  const local = proxyLocalActivities<A>(options)
  return () => (patched(patchId) ? local : remote)
}
