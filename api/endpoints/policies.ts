import type { Endpoint } from '../define'

export const policyEndpoints: Endpoint[] = []
