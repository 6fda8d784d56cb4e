import type { Endpoint } from '../define'

export const admissionEndpoints: Endpoint[] = []
