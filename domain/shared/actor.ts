import { DomainError, forbidden } from './errors'

export type UserType = 'Agency' | 'agency_user' | 'Oshc'
export const STAFF_PERMISSIONS = [
  'agency_management',
  'user_management',
  'quote',
  'finance',
  'policy_management',
] as const
export const AGENCY_PERMISSIONS = ['quote', 'purchase', 'user_management', 'finance'] as const
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number]
export type AgencyPermission = (typeof AGENCY_PERMISSIONS)[number]

/**
 * The second factor of a signed-in person's session (issue 24): whether they have one, and when
 * this session last gave it (sign-in or step-up). Read with the session; absent on actors built
 * elsewhere (a workflow's record of who decided), which count as "none given".
 */
export type SecondFactorState = { enrolled: boolean; at: Date | null }

/** The name and e-mail the app shell shows, read with the session; absent on actors built elsewhere. */
export type DisplayName = { name: string; email: string }

/** Who is acting: a signed-in person, the public, or a workflow. */
export type Actor =
  | {
      kind: 'Oshc'
      identityId: number
      userId: number
      email: string
      permissions: ReadonlySet<string>
      secondFactor?: SecondFactorState
      display?: DisplayName
    }
  | {
      kind: 'Agency'
      identityId: number
      agencyId: number
      email: string
      permissions: ReadonlySet<string>
      secondFactor?: SecondFactorState
      display?: DisplayName
    }
  | {
      kind: 'agency_user'
      identityId: number
      agencyId: number
      userId: number
      email: string
      permissions: ReadonlySet<string>
      secondFactor?: SecondFactorState
      display?: DisplayName
    }
  | { kind: 'public' }
  | { kind: 'system'; name: string }
  /** A partner website's widget or server, by its public client's token (DESIGN.md section 11). */
  | { kind: 'widget'; clientId: string; publicClientId: number; agencyId: number }

export type AgencyActor = Extract<Actor, { kind: 'Agency' | 'agency_user' }>
export type StaffActor = Extract<Actor, { kind: 'Oshc' }>
export type WidgetActor = Extract<Actor, { kind: 'widget' }>

export const isStaff = (a: Actor): a is StaffActor => a.kind === 'Oshc'
export const isAgencySide = (a: Actor): a is AgencyActor => a.kind === 'Agency' || a.kind === 'agency_user'

/** The caller as a public client (a use case open to `widget` has already refused anyone else). */
export function asWidget(actor: Actor): WidgetActor {
  if (actor.kind !== 'widget') throw new DomainError('UNAUTHENTICATED', 'Send x-access-token and x-client-id')
  return actor
}

export function hasPermission(actor: Actor, permission: string) {
  return 'permissions' in actor && actor.permissions.has(permission)
}

export function assertPermission(actor: Actor, ...anyOf: string[]) {
  if (!anyOf.some((p) => hasPermission(actor, p))) throw forbidden()
}

/** Text written to history rows: who did it. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'public':
      return 'public'
    case 'system':
      return actor.name
    case 'widget':
      return `widget:${actor.clientId}`
    default:
      return `${actor.kind}:${actor.email}`
  }
}
