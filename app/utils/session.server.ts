import { redirect } from '@remix-run/node'
import { eq } from 'drizzle-orm'
import {
  authenticateRequest,
  clearSessionCookie,
  isCrossSiteWrite,
  readCookie,
  SESSION_COOKIE,
  sessionCookie,
} from '../../api/auth.server'
import { getDb } from '../../db/client'
import { agencies } from '../../db/schema'
import type { Actor, AgencyActor, StaffActor } from '../../domain/shared/actor'
import { mustEnrolSecondFactor, type Access } from '../../domain/shared/authorize'
import { pathByStatus } from '../../domain/agencies/agencies.rules'

export { sessionCookie, clearSessionCookie }

const crossSite = () => new Response('Cross-site request refused', { status: 403 })

/**
 * The caller of a loader/action (public when signed out). Cross-site writes are refused (403).
 * A public client's token (`x-access-token`, a `widget` caller) opens /wordpress calls only: it
 * is not a portal session, so every page sees it as the signed-out public (sign-in, never a
 * portal page or the notification stream). The widget's own /embed pages take no token.
 */
export async function getActor(request: Request): Promise<{ actor: Actor; mustChangePassword: boolean }> {
  const auth = await authenticateRequest(request)
  if (auth.csrfRejected) throw crossSite()
  if (auth.actor.kind === 'widget') return { actor: { kind: 'public' }, mustChangePassword: false }
  return { actor: auth.actor, mustChangePassword: auth.mustChangePassword }
}

const isPerson = (actor: Actor): actor is StaffActor | AgencyActor =>
  actor.kind === 'Oshc' || actor.kind === 'Agency' || actor.kind === 'agency_user'

/**
 * Actions open to the signed-out (sign-in, registration, password reset, sign-out): a post from
 * another origin is refused (403) before anything runs. The web server applies the same rule to
 * every page request (server/cross-site.ts); this keeps the action safe wherever it is served.
 */
export function requireSameOrigin(request: Request) {
  const cookieSession = readCookie(request, SESSION_COOKIE) !== undefined
  if (isCrossSiteWrite(request, { cookieSession })) throw crossSite()
}

function toLogin(request: Request): never {
  const url = new URL(request.url)
  const redirectTo = `${url.pathname}${url.search}`
  throw redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`)
}

const forbidden = () => new Response('You do not have permission to see this page', { status: 403 })

/** A signed-in person (staff, an agency or its user); anyone else goes to sign in. */
export async function requireUser(request: Request) {
  const { actor, mustChangePassword } = await getActor(request)
  // Who is let through is named, so a caller kind added later is refused, not half-served.
  if (!isPerson(actor)) toLogin(request)
  return { actor, mustChangePassword }
}

type AnyOf = string | readonly string[] | undefined
const lacksAll = (actor: StaffActor | AgencyActor, permission: AnyOf) => {
  const anyOf = typeof permission === 'string' ? [permission] : (permission ?? [])
  return anyOf.length > 0 && !anyOf.some((p) => actor.permissions.has(p))
}

type SignedIn = Awaited<ReturnType<typeof requireUser>>

/** The staff side of a guard: a forced password change comes first, then the permission. */
function staffOnly(request: Request, { actor, mustChangePassword }: SignedIn, permission: AnyOf) {
  if (actor.kind !== 'Oshc') throw forbidden()
  if (mustChangePassword && !new URL(request.url).pathname.startsWith('/change-password'))
    throw redirect('/change-password')
  // Staff who approve enrol a second factor at their next sign-in and cannot skip it.
  if (mustEnrolSecondFactor(actor)) throw redirect('/account/security?required=1')
  if (lacksAll(actor, permission)) throw forbidden()
  return actor
}

/** The agency side of a guard: an active portal (else the onboarding step), then the permission. */
async function agencyOnly(request: Request, { actor, mustChangePassword }: SignedIn, permission: AnyOf) {
  if (actor.kind === 'Oshc') throw forbidden()
  if (mustChangePassword && actor.kind === 'agency_user') throw redirect('/change-password')
  const [agency] = await getDb().select().from(agencies).where(eq(agencies.id, actor.agencyId))
  if (!agency) throw toLogin(request)
  if (agency.status !== 'PORTAL_ACTIVATED') {
    if (actor.kind === 'Agency') throw redirect(pathByStatus(agency))
    throw forbidden()
  }
  // The agency requires a second factor of its people: whoever has none sets one up first.
  if (agency.users_need_second_factor && !actor.secondFactor?.enrolled)
    throw redirect('/account/security?required=1')
  if (lacksAll(actor, permission)) throw forbidden()
  return actor
}

/** Staff pages: signed-in staff holding `permission` (any of them, when given). */
export async function requireStaff(request: Request, permission?: AnyOf): Promise<StaffActor> {
  return staffOnly(request, await requireUser(request), permission)
}

/** Agency portal pages: the agency (or its user) with an active portal; otherwise its onboarding step. */
export async function requireAgency(request: Request, permission?: AnyOf): Promise<AgencyActor> {
  return agencyOnly(request, await requireUser(request), permission)
}

type Side = readonly string[] | true
/** The actor a use case's access lets through: staff-only access gives a StaffActor, and so on. */
type ActorFor<X extends Access> = X extends { staff: Side }
  ? X extends { agency: Side }
    ? StaffActor | AgencyActor
    : StaffActor
  : X extends { agency: Side }
    ? AgencyActor
    : StaffActor | AgencyActor

/**
 * The guard of a page that is one use case: reads who may call it from the use case
 * (`requireAccess(request, findAgencies.access)`) instead of restating it. Staff-only access is
 * `requireStaff`, agency-only is `requireAgency`; open to both, each side gets its own checks.
 * A public use case still needs a signed-in person here (pages live inside a portal).
 *
 * A page in one portal whose use case is open to both sides names its portal:
 * `requireAccess(request, initiatePolicy.access, 'agency')` takes the agency side's permissions
 * from the use case and refuses staff (403), who have their own page for it.
 */
export async function requireAccess<X extends Access>(request: Request, access: X): Promise<ActorFor<X>>
export async function requireAccess(
  request: Request,
  access: { staff: Side },
  portal: 'staff',
): Promise<StaffActor>
export async function requireAccess(
  request: Request,
  access: { agency: Side },
  portal: 'agency',
): Promise<AgencyActor>
export async function requireAccess(
  request: Request,
  access: Access,
  portal?: 'staff' | 'agency',
): Promise<StaffActor | AgencyActor> {
  const user = await requireUser(request)
  if ('public' in access) return user.actor
  const side = portal ?? (user.actor.kind === 'Oshc' ? 'staff' : 'agency')
  const rule = access[side]
  if (!rule) throw forbidden()
  const anyOf = rule === true ? undefined : rule
  return side === 'staff' ? staffOnly(request, user, anyOf) : agencyOnly(request, user, anyOf)
}

/** Agency finance pages: the agency side holding finance or purchase. */
export const FINANCE_PAGES = ['finance', 'purchase'] as const

/** Onboarding pages: the agency account itself, at any status. */
export async function requireOnboardingAgency(request: Request) {
  const { actor, mustChangePassword } = await requireUser(request)
  if (actor.kind !== 'Agency') throw forbidden()
  const [agency] = await getDb().select().from(agencies).where(eq(agencies.id, actor.agencyId))
  if (!agency) throw toLogin(request)
  return { actor, agency, mustChangePassword }
}

/** Where a freshly signed-in person lands. */
export async function homeFor(actor: Actor, mustChangePassword: boolean) {
  if (actor.kind === 'Oshc') return mustChangePassword ? '/change-password' : '/staff'
  if (actor.kind === 'Agency') {
    const [agency] = await getDb().select().from(agencies).where(eq(agencies.id, actor.agencyId))
    return agency ? pathByStatus(agency) : '/login'
  }
  return mustChangePassword ? '/change-password' : '/agency'
}
