type WithRole = { role_name: string | null; identity_id?: number }

/** Public shape: the row with `role: { id, name }` instead of internal columns. */
export function presentOshcUser<T extends WithRole & { role_id: number | null }>(row: T) {
  const { role_name, identity_id: _identity, ...rest } = row
  return { ...rest, role: row.role_id ? { id: row.role_id, name: role_name } : null }
}

export function presentAgencyUser<T extends WithRole & { agency_role_id: number | null }>(row: T) {
  const { role_name, identity_id: _identity, ...rest } = row
  return { ...rest, role: row.agency_role_id ? { id: row.agency_role_id, name: role_name } : null }
}
