import type { Endpoint } from '../define'

export const dashboardEndpoints: Endpoint[] = []
