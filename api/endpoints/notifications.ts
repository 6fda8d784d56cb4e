import type { Endpoint } from '../define'

export const notificationEndpoints: Endpoint[] = []
