// Types of the plain-JavaScript helpers that TypeScript scripts import.
export function buildIsStale(): boolean
export function waitForPort(port: number, what: string, timeoutMs?: number): Promise<void>
