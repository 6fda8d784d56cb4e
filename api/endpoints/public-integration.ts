import type { Endpoint } from '../define'

export const publicIntegrationEndpoints: Endpoint[] = []
