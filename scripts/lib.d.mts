// Types of the plain-JavaScript helpers that TypeScript scripts import.
export function buildIsStale(): boolean
export function waitForPort(port: number, what: string, timeoutMs?: number): Promise<void>
export const SECRET_KEYS: readonly ['APP_SECRET', 'NEXPAY_WEBHOOK_SECRET']
export function randomSecret(): string
export function ensureSecrets(dataDir: string): { APP_SECRET: string; NEXPAY_WEBHOOK_SECRET: string }
