import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { passkeysOf } from './passkeys'

/** The signed-in person's own passkeys, oldest first: name, when added, when last used. */
export const findPasskeys = defineUseCase(
  { staff: true, agency: true },
  async function findPasskeys(opts: { actor: Actor }) {
    const { identityId } = opts.actor as Extract<Actor, { identityId: number }>
    return (await passkeysOf(identityId)).map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.created_at,
      lastUsedAt: p.last_used_at,
    }))
  },
)
