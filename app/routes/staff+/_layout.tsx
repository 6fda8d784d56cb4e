import { PortalLayout, PortalLayoutBoundary, portalLayoutMeta } from '../../portals/layout'
import { portalLayoutLoader } from '../../portals/portal.server'

// One module serves this layout and its twin in the other portal (agency+/_layout.tsx).
export const meta = portalLayoutMeta('staff')
export const loader = portalLayoutLoader('staff')

export default PortalLayout

export function ErrorBoundary() {
  return <PortalLayoutBoundary portal="staff" />
}
