import { listen } from '../../db/listen'
import { countUnread } from './find-notifications'

/** The channel on which the web processes hear whose unread count changed (the bell's stream). */
export const UNREAD_CHANNEL = 'oshc_unread'

/** How long a count is kept at most, if a change's NOTIFY never reached this process. */
const KEEP_MS = 5_000
/** More people than this signed in within KEEP_MS: start again rather than grow. */
const MAX_ENTRIES = 10_000

const kept = new Map<number, { unread: number; until: number }>()
/** Bumped by every change heard: a count read before it is not kept. */
let changes = 0
let hearing: Promise<boolean> | null = null

function hear(payload: string) {
  changes++
  // '' after the LISTEN connection came back: something may have been missed.
  if (payload === '') kept.clear()
  else for (const id of payload.split(',')) kept.delete(Number(id))
}

/** Subscribed once per process; false (nothing kept) while PostgreSQL cannot be listened to. */
function listening() {
  hearing ??= listen(UNREAD_CHANNEL, hear).then(
    () => true,
    () => {
      hearing = null
      return false
    },
  )
  return hearing
}

/**
 * The bell's count on a page (the app shell of every page): a person's unread count, kept in
 * this process for up to five seconds and dropped as soon as a change to it commits anywhere
 * (announceUnread's NOTIFY, which the bell's stream hears too). Not for money, and not for the
 * answer of a change to notifications, which reads countUnread itself.
 */
export async function shellUnreadCount(identityId: number): Promise<number> {
  const now = performance.now()
  const hit = kept.get(identityId)
  if (hit && hit.until > now) return hit.unread
  // Listening before reading: a change committed after the read is heard.
  const canKeep = await listening()
  const before = changes
  const unread = await countUnread(identityId)
  if (canKeep && changes === before) {
    if (kept.size >= MAX_ENTRIES) kept.clear()
    kept.set(identityId, { unread, until: now + KEEP_MS })
  }
  return unread
}

/** This process's change to these people's counts, heard before its NOTIFY comes back. */
export function forgetUnread(identityIds: number[]) {
  // Not hear(''): that is the reconnection's "forget everyone".
  if (identityIds.length) hear(identityIds.join(','))
}
