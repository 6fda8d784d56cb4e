import type { Endpoint } from '../define'
import { authEndpoints } from './auth'
import { agencyEndpoints } from './agencies'

/** The one table of every /api call. */
export const endpoints: Endpoint[] = [...authEndpoints, ...agencyEndpoints]
