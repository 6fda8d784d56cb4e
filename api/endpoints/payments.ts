import type { Endpoint } from '../define'

export const paymentEndpoints: Endpoint[] = []
