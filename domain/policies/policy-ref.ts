import { randomBytes } from 'node:crypto'

/** A fresh, unguessable policy reference: POL- and ten hex digits. */
export const newPolicyRef = () => `POL-${randomBytes(5).toString('hex').toUpperCase()}`
