/**
 * Where a use case finds the port of a process it starts or tells (ADR 0014). Each domain area
 * declares its own small port and slot (`payoutProcess`, `clawbackProcess`, ...); the composition
 * root (`wireProcesses()` in temporal/processes.ts) fills every slot once at start-up, in the web
 * server, the worker and the tests' per-file setup. Workflow steps get their ports passed in
 * instead (their deps), so only use cases read a slot.
 */
export type ProcessSlot<P> = {
  /** The wired port; throws when nothing wired it (a start-up that forgot `wireProcesses()`). */
  (): P
  /** Called by the composition root only. */
  wire(port: P): void
}

export function processSlot<P>(name: string): ProcessSlot<P> {
  let wired: P | undefined
  const slot = () => {
    if (!wired)
      throw new Error(`No ${name} process wired: call wireProcesses() (temporal/processes.ts) at start-up`)
    return wired
  }
  slot.wire = (port: P) => {
    wired = port
  }
  return slot
}
