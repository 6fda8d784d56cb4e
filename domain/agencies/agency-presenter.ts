import { pathByStatus, statusDisplayName, statusGroup } from './agencies.rules'
import type { AgencyRow } from './agency-access'

/** Public shape of an agency (internal columns left out) with its status name and path. */
export function presentAgency(a: AgencyRow) {
  const { identity_id: _i, invitation_token_hash: _t, ...rest } = a
  return {
    ...rest,
    status_name: a.status,
    display_name: statusDisplayName(a.status),
    status_group: statusGroup(a.status),
    path_by_status: pathByStatus(a),
  }
}
