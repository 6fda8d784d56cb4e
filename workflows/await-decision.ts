/**
 * The wait for a person, written once for every workflow that waits for one (payout, clawback,
 * amendment, full refund, agency onboarding). Workflow code: imports only @temporalio/workflow.
 *
 * Replayed code: the commands it issues (activities through the callbacks, timers, the order of
 * both) are recorded in histories. Change them only behind `patched()` (tests/temporal/replay.test.ts
 * replays the recorded fixtures).
 */
import {
  ApplicationFailure,
  condition,
  setHandler,
  workflowInfo,
  type defineSignal,
  type defineUpdate,
} from '@temporalio/workflow'

// The definitions' types, named through the one package workflow code imports.
type UpdateDefinition<R, Args extends unknown[]> = ReturnType<typeof defineUpdate<R, Args>>
type SignalDefinition = ReturnType<typeof defineSignal<[]>>

/** Why a decision is refused (validator, and again in the handler once the state is loaded), or null. */
export type DecisionRefusal<S, Args extends unknown[]> = (
  state: S | undefined,
  deciding: boolean,
  ...args: Partial<Args>
) => string | null

export type DecisionOptions<S, R, Args extends unknown[]> = {
  update: UpdateDefinition<R, Args>
  refusal: DecisionRefusal<S, Args>
  /**
   * Applies an accepted decision (an activity: the database stays the authority). It sets
   * `wait.state` itself when the result is the new state, as soon as each activity answers, so
   * the waiting loop sees the move when the workflow did before this helper existed.
   */
  apply: (wait: DecisionWait<S>, ...args: Args) => Promise<R>
  /** After the decision's activity has finished (no longer counted as deciding), before answering. */
  after?: (result: R) => Promise<void>
  /** The signal saying the database moved outside a decision: it sets `changed`. */
  changed?: SignalDefinition
  /**
   * With `changed`: a decision reloads the state first when a change arrived (the validator
   * leaves the status to that reloaded check). Without it, the workflow's loop reloads.
   */
  reload?: () => Promise<S>
  /** Whether a decision waits for the first load before its re-check and activity (default true). */
  awaitState?: boolean
}

export type Deadlines = {
  /** Milliseconds from the wait's start: a reminder at each, the last one an escalation. */
  deadlines: readonly number[]
  /** The reminder's key after `${workflowId}/${runId}/`, from its number in this wait (1, 2, ...). */
  key: (n: number) => string
  /** Sends reminder `n` (an activity, once per key). */
  remind: (r: { n: number; escalate: boolean; key: string }) => Promise<void>
  /** A deadline that passes together with the move sends nothing (the onboarding's rule). */
  quietWhenMoved?: boolean
}

/** One wait (a status, a phase): its deadlines count from its start, however often it resumes. */
export class Wait {
  private startedAt = Date.now()
  /** Reminders sent in this wait (0, 1 = reminded, ..., deadlines.length = escalated). */
  sent = 0
  constructor(
    private readonly owner: { reminders: number },
    private readonly d: Deadlines,
  ) {}

  /**
   * Waits until `moved()`, reminding at each deadline not yet passed, the last one escalating;
   * after it, waits without a deadline. Answers at once when `moved()` already holds, unless
   * `checkFirst` says otherwise (runs recorded before a workflow took this helper).
   */
  async until(moved: () => boolean, checkFirst: () => boolean = () => true): Promise<void> {
    const { workflowId, runId } = workflowInfo()
    for (;;) {
      if (moved() && checkFirst()) return
      if (this.sent >= this.d.deadlines.length) {
        // Escalated: nobody is reminded again; the wait goes on without a deadline.
        await condition(moved)
        return
      }
      const left = Math.max(1, this.d.deadlines[this.sent] - (Date.now() - this.startedAt))
      if (await condition(moved, left)) return
      if (this.d.quietWhenMoved && moved()) return
      const n = ++this.sent
      await this.d.remind({
        n,
        escalate: n === this.d.deadlines.length,
        key: `${workflowId}/${runId}/${this.d.key(n)}`,
      })
      this.owner.reminders++
    }
  }

  /**
   * The person acted without ending the wait: the next deadline is as far from now as it was
   * from the previous one (the reminders already sent stay sent).
   */
  restart(): void {
    this.startedAt = Date.now() - (this.sent > 0 ? this.d.deadlines[this.sent - 1] : 0)
  }
}

/**
 * The state a workflow waits on and the decision Update that moves it:
 * - the validator refuses an illegal decision before it enters history (the status, or another
 *   decision being applied: `deciding`);
 * - the handler waits for the state to be loaded, reloads it first when a `changed` signal came
 *   (`reload`), checks the refusal again and applies the decision through its activity;
 * - `wait(...)` starts a wait with reminder and escalation deadlines counted from its start.
 */
export class DecisionWait<S> {
  state: S | undefined
  /** A `changed` signal arrived and the state has not been reloaded since. */
  changed = false
  /** Reminders sent (the workflow resets it where its query counts per wait). */
  reminders = 0
  /** Decisions whose activity is running. */
  private running = 0

  get deciding() {
    return this.running > 0
  }

  /** Registers the update (and the `changed` signal); call before the first await. */
  static define<S, R, Args extends unknown[]>(opts: DecisionOptions<S, R, Args>): DecisionWait<S> {
    const w = new DecisionWait<S>()
    if (opts.changed)
      setHandler(opts.changed, () => {
        w.changed = true
      })
    const reload = opts.reload
    setHandler(
      opts.update,
      async (...args: Args) => {
        // Runs right after the validator, before any other update is validated.
        w.running++
        let result: R
        try {
          if (opts.awaitState !== false) {
            await condition(() => w.state !== undefined)
            if (reload && w.changed) {
              // The change is in the database but not yet in `state`: read it first.
              w.changed = false
              w.state = await reload()
            }
            const refusal = opts.refusal(w.state, false, ...args)
            if (refusal) throw ApplicationFailure.nonRetryable(refusal, 'INVALID_TRANSITION')
          }
          result = await opts.apply(w, ...args)
        } finally {
          w.running--
        }
        if (opts.after) await opts.after(result)
        return result
      },
      {
        validator: (...args: Args) => {
          // With a change not yet reloaded, the status is checked by the handler after reloading.
          const refusal = opts.refusal(reload && w.changed ? undefined : w.state, w.deciding, ...args)
          if (refusal) throw new Error(refusal)
        },
      },
    )
    return w
  }

  /** A new wait: its deadlines count from now. */
  wait(d: Deadlines): Wait {
    return new Wait(this, d)
  }

  /** Waits until no decision is being applied (its outcome is then in `state`). */
  async settled(): Promise<void> {
    await condition(() => !this.deciding)
  }

  /** After a `changed` signal: lets a running decision finish, then reloads. */
  async reloadIfChanged(load: () => Promise<S>): Promise<void> {
    if (!this.changed) return
    this.changed = false
    await this.settled()
    this.state = await load()
  }
}
