import { getProfile } from '../../domain/access/get-profile'
import type { Actor } from '../../domain/shared/actor'

/** Name and e-mail for the app shell's top bar. */
export async function shellUser(actor: Actor) {
  const p = await getProfile(actor)
  const name =
    'first_name' in p
      ? [p.first_name, p.last_name].filter(Boolean).join(' ')
      : (p.full_company_name ?? p.email)
  return { name, email: p.email }
}
