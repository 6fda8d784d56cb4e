// The two signed-in portals (ADR 0015). A page that both serve, differing only in guard, address
// and names, is one module here taking the portal; each portal's route file is a thin file that
// names its portal, so URLs, guards and route ids stay per portal.

export type Portal = 'agency' | 'staff'

export const PORTALS = {
  agency: {
    home: '/agency',
    name: 'Agency portal',
    homeLabel: 'Back to home',
    layoutRouteId: 'routes/agency+/_layout',
  },
  staff: {
    home: '/staff',
    name: 'OSHC Back Office',
    homeLabel: 'Back to the inbox',
    layoutRouteId: 'routes/staff+/_layout',
  },
} as const satisfies Record<Portal, { home: string; name: string; homeLabel: string; layoutRouteId: string }>

/** A page's title in the browser tab: "Ticket #4 · Agency portal". */
export const titleIn = (portal: Portal, page: string) => `${page} · ${PORTALS[portal].name}`
