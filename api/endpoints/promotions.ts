import type { Endpoint } from '../define'

export const promotionEndpoints: Endpoint[] = []
