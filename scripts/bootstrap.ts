// Migrations, seed and (re)start of the onboarding workflows of seeded agencies. Run by `npm start`.
import { and, isNotNull, notInArray } from 'drizzle-orm'
import { closeDb, getDb } from '../db/client'
import { runMigrations } from '../db/migrate'
import { seed } from '../db/seed'
import { seedDemoAfterSale } from '../db/seed/after-sale'
import { agencies } from '../db/schema'
import { config } from '../domain/shared/config'
import { closeTemporalClient } from '../temporal/client'
import { wireProcesses } from '../temporal/processes'

const t0 = Date.now()
const processes = wireProcesses()
await runMigrations()
const created = await seed(getDb(), {
  adminPassword: config().seedAdminPassword,
  demo: config().demo,
})
if (created.length) {
  // Demo agencies still onboarding get their workflow (and inbox tasks) like real ones.
  const open = await getDb()
    .select({ id: agencies.id })
    .from(agencies)
    .where(
      and(isNotNull(agencies.id), notInArray(agencies.status, ['PORTAL_ACTIVATED', 'PORTAL_DEACTIVATED'])),
    )
  for (const a of open) await processes.onboarding.changed(a.id)
  // A refund and an amendment waiting for staff, each with its workflow.
  await seedDemoAfterSale(getDb())
}
console.log(`[oshc] Database ready (migrations and seed in ${((Date.now() - t0) / 1000).toFixed(1)}s)`)
await closeDb()
await closeTemporalClient()
