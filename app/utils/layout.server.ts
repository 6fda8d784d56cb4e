import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies } from '../../db/schema'
import { getProfile } from '../../domain/access/get-profile'
import type { Actor } from '../../domain/shared/actor'
import { isDemo } from '../../domain/shared/config'
import { shellUnreadCount } from '../../domain/notifications/unread-count'
import type { ShellData } from '../components/portal-shell'

/** Name and e-mail for the app shell's top bar: read with the session, else from the profile. */
export async function shellUser(actor: Actor) {
  if ('display' in actor && actor.display) return actor.display
  const p = await getProfile(actor)
  const name =
    'first_name' in p
      ? [p.first_name, p.last_name].filter(Boolean).join(' ')
      : (p.full_company_name ?? p.email)
  return { name, email: p.email }
}

/** What the staff or agency chrome needs for a signed-in `actor`. */
export async function shellData(
  actor: Actor & { permissions: ReadonlySet<string> },
  portal: ShellData['portal'],
) {
  const [user, unread] = await Promise.all([
    shellUser(actor),
    'identityId' in actor ? shellUnreadCount(actor.identityId) : 0,
  ])
  return { portal, user, permissions: [...actor.permissions], dev: isDemo(), unread } satisfies ShellData
}

/**
 * The chrome for a page outside both portals' routes (an unknown address): staff, or an agency
 * side whose portal is active, get their navigation; anyone else (signed out, still onboarding)
 * null, a plain page.
 */
export async function shellFor(actor: Actor): Promise<ShellData | null> {
  if (actor.kind === 'Oshc') return shellData(actor, 'staff')
  if (actor.kind !== 'Agency' && actor.kind !== 'agency_user') return null
  const [agency] = await getDb()
    .select({ status: agencies.status })
    .from(agencies)
    .where(eq(agencies.id, actor.agencyId))
  return agency?.status === 'PORTAL_ACTIVATED' ? shellData(actor, 'agency') : null
}
