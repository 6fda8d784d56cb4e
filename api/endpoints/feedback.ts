import type { Endpoint } from '../define'

export const feedbackEndpoints: Endpoint[] = []
