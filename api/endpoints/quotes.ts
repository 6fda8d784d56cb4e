import type { Endpoint } from '../define'

export const quoteEndpoints: Endpoint[] = []
