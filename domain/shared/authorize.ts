import type { Actor, AgencyActor, StaffActor, WidgetActor } from './actor'
import { clock } from './clock'
import { config } from './config'
import { durationMs } from './duration'
import { DomainError, forbidden } from './errors'

/**
 * Who may call a use case. `public`: anyone, signed in or not. Otherwise staff holding any of
 * `staff` (any staff when `true`), or the agency side holding any of `agency` (any agency user
 * when `true`). Tenant checks (another agency's record is NOT_FOUND) stay in the use case, which
 * knows the record.
 */
export type Access =
  | { public: true }
  | {
      staff?: readonly string[] | true
      agency?: readonly string[] | true
      widget?: true
      /**
       * A money decision: the person must have given their second factor lately (stepUpIssue).
       * `when-enrolled`: a change to the factors themselves, which the first one needs no factor for.
       */
      stepUp?: true | 'when-enrolled'
    }

export const STEP_UP_NEEDED = 'Confirm it is you: enter a code from your authenticator app to continue.'
export const ENROL_FIRST =
  'Set up a second factor (Sign-in security) before you approve money: your role requires one.'

/** Staff holding any of these approve money or agencies: they must have a second factor (issue 24). */
export const APPROVING_PERMISSIONS = ['finance', 'policy_management', 'agency_management'] as const

/** Staff who approve and have no second factor yet: they enrol before anything else (not on a relaxed demo). */
export const mustEnrolSecondFactor = (person: StaffActor) =>
  !config().SECOND_FACTOR_RELAXED &&
  !person.secondFactor?.enrolled &&
  APPROVING_PERMISSIONS.some((p) => person.permissions.has(p))

/**
 * Why a signed-in person may not make a money decision now, or null (issue 24): they must have
 * given their second factor in this session within STEP_UP_MAX_AGE. Without a factor they are told
 * to enrol, except on a demo system with SECOND_FACTOR_RELAXED.
 */
export function stepUpIssue(
  person: Extract<Actor, { identityId: number }>,
  mode: true | 'when-enrolled' = true,
): DomainError | null {
  const factor = person.secondFactor ?? { enrolled: false, at: null }
  const settings = config()
  if (!factor.enrolled)
    return settings.SECOND_FACTOR_RELAXED || mode === 'when-enrolled'
      ? null
      : new DomainError('UNAUTHENTICATED', ENROL_FIRST, undefined, {
          mfa_required: true,
          enrolment_required: true,
        })
  const age = factor.at ? clock.now().getTime() - factor.at.getTime() : Infinity
  return age <= durationMs(settings.STEP_UP_MAX_AGE)
    ? null
    : new DomainError('UNAUTHENTICATED', STEP_UP_NEEDED, undefined, { mfa_required: true })
}

/**
 * Throws UNAUTHENTICATED for the public and FORBIDDEN for a signed-in caller outside `access`. A
 * public client's token (`widget`) opens only use cases that name it. A money decision (`stepUp`)
 * also wants a fresh second factor (UNAUTHENTICATED with `mfa_required`).
 */
export function authorize(access: Access, actor: Actor): void {
  if ('public' in access) return
  if (actor.kind === 'public') throw new DomainError('UNAUTHENTICATED', 'You must be signed in')
  if (actor.kind === 'system') throw forbidden()
  if (actor.kind === 'widget') {
    if ('widget' in access && access.widget) return
    throw forbidden()
  }
  const rule = actor.kind === 'Oshc' ? access.staff : access.agency
  if (!rule) throw forbidden()
  if (rule !== true && !rule.some((p) => actor.permissions.has(p))) throw forbidden()
  const stale = access.stepUp ? stepUpIssue(actor, access.stepUp) : null
  if (stale) throw stale
}

export type UseCase<O, A extends unknown[], R, X extends Access = Access> = ((
  opts: O,
  ...rest: A
) => Promise<R>) & {
  readonly access: X
}

/**
 * The narrowest actor a use case's body may declare: staff when `access` admits staff alone, the
 * agency side when it admits only agencies, a public client's token when only that (the check has
 * ruled everyone else out, so the body does not check again); any actor otherwise.
 */
export type ActorFor<X extends Access> = X extends { public: true }
  ? Actor
  : X extends { widget: true }
    ? X extends { staff: unknown } | { agency: unknown }
      ? Actor
      : WidgetActor
    : X extends { agency: unknown }
      ? X extends { staff: unknown }
        ? Actor
        : AgencyActor
      : StaffActor

/** Refuses (at compile time) a body declaring a staff actor behind an access that admits others. */
type AdmitsActorOf<X extends Access, O extends { actor: Actor }> =
  ActorFor<X> extends O['actor'] ? unknown : { error: 'this access admits callers other than staff' }

/** What a caller passes: the body's options with any actor (the check narrows it). */
export type CallerOpts<O> = Omit<O, 'actor'> & { actor: Actor }

/**
 * Declares a use case with the one statement of who may call it. The returned function checks
 * `opts.actor` against `access` before anything else runs; the endpoint table and the routes read
 * `.access` instead of restating it, so a new edge cannot forget the check. A staff-only use case
 * declares `actor: StaffActor` and trusts the check (ActorFor): no second check in its body.
 */
export function defineUseCase<O extends { actor: Actor }, A extends unknown[], R, const X extends Access>(
  access: X & AdmitsActorOf<X, O>,
  fn: (opts: O, ...rest: A) => Promise<R>,
): UseCase<CallerOpts<O>, A, R, X> {
  const run = async (opts: CallerOpts<O>, ...rest: A) => {
    authorize(access, opts.actor)
    return fn(opts as unknown as O, ...rest)
  }
  Object.defineProperty(run, 'name', { value: fn.name })
  return Object.assign(run, { access })
}

/** `defineUseCase` for a streamed list (an export): the check runs before the first row is read. */
export function defineStream<O extends { actor: Actor }, A extends unknown[], T, const X extends Access>(
  access: X,
  fn: (opts: O, ...rest: A) => AsyncGenerator<T>,
): ((opts: O, ...rest: A) => AsyncGenerator<T>) & { readonly access: X } {
  const run = async function* (opts: O, ...rest: A) {
    authorize(access, opts.actor)
    yield* fn(opts, ...rest)
  }
  Object.defineProperty(run, 'name', { value: fn.name })
  return Object.assign(run, { access })
}
