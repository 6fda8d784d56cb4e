export const DUPLICATE_ROLE = 'A role with this name already exists'

export type PermissionView = { id: number; name: string; display_name: string }

/** Folds role x permission rows (left joined) into roles with a permissions list. */
export function groupRoles<R extends { id: number; name: string; permission: PermissionView | null }>(
  rows: R[],
) {
  const roles = new Map<number, Omit<R, 'permission'> & { permissions: PermissionView[] }>()
  for (const { permission, ...role } of rows) {
    const entry = roles.get(role.id) ?? { ...role, permissions: [] }
    if (permission?.id) entry.permissions.push(permission)
    roles.set(role.id, entry)
  }
  return [...roles.values()]
}
