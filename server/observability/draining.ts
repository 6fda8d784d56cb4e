/** Set once this web process has begun shutting down (server/shutdown.ts): it is no longer ready. */
let draining = false

export const isDraining = () => draining

export function startDraining() {
  draining = true
}
