import { PortalLayout, PortalLayoutBoundary, portalLayoutMeta } from '../../portals/layout'
import { portalLayoutLoader } from '../../portals/portal.server'

// One module serves this layout and its twin in the other portal (staff+/_layout.tsx).
export const meta = portalLayoutMeta('agency')
export const loader = portalLayoutLoader('agency')

export default PortalLayout

export function ErrorBoundary() {
  return <PortalLayoutBoundary portal="agency" />
}
