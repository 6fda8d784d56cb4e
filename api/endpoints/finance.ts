import type { Endpoint } from '../define'

export const financeEndpoints: Endpoint[] = []
