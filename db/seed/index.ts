import type { Db } from '../client'
import { seedAccess } from './access'
import { seedDemo } from './demo'
import { seedReference } from './reference'

/** The one seed: reference data, access, and (optionally) demo agencies. Safe to run again. */
export async function seed(db: Db, opts: { adminPassword: string; demo: boolean; allCities?: boolean }) {
  await seedReference(db, { allCities: opts.allCities })
  await seedAccess(db, opts.adminPassword)
  return opts.demo ? seedDemo(db) : []
}
