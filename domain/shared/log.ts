/** Structured one-line logs; errors keep their stack. */
export function logInfo(scope: string, message: string, meta?: Record<string, unknown>) {
  console.log(JSON.stringify({ level: 'info', scope, message, ...meta }))
}

/** Something went wrong and was recovered from (a lost database connection): worth seeing, not an error. */
export function logWarn(scope: string, message: string, meta?: Record<string, unknown>) {
  console.warn(JSON.stringify({ level: 'warn', scope, message, ...meta }))
}

export function logError(scope: string, err: unknown, meta?: Record<string, unknown>) {
  const e = err instanceof Error ? { error: err.message, stack: err.stack } : { error: String(err) }
  console.error(JSON.stringify({ level: 'error', scope, ...e, ...meta }))
}
