import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { fileURLToPath } from 'node:url'
import { getDb } from './client'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Applies the committed SQL migrations (idempotent). */
export async function runMigrations() {
  await migrate(getDb(), { migrationsFolder })
}
