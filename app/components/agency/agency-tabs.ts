/** The staff agency page's tabs, each a nested route under /staff/agencies/:agencyId. */
export const AGENCY_TABS = ['overview', 'configuration', 'agreement', 'users', 'history'] as const
export type AgencyTab = (typeof AGENCY_TABS)[number]

export const AGENCY_TAB_LABELS: Record<AgencyTab, string> = {
  overview: 'Overview',
  configuration: 'Configuration',
  agreement: 'Agreement',
  users: 'Users',
  history: 'History',
}

/** The overview is the index route; the other tabs are path segments. */
export function agencyTabPath(agencyId: number, tab: AgencyTab) {
  return tab === 'overview' ? `/staff/agencies/${agencyId}` : `/staff/agencies/${agencyId}/${tab}`
}
