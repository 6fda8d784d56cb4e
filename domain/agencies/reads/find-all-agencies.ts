import { asc } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'

/** getAllAgencies (staff): id, name and e-mail of every agency, for pickers (agency, finance and policy screens). */
export const findAllAgencies = defineUseCase(
  { staff: ['agency_management', 'finance', 'policy_management'] },
  async function findAllAgencies(_opts: { actor: Actor }) {
    return getDb()
      .select({
        id: agencies.id,
        full_company_name: agencies.full_company_name,
        email: agencies.email,
        status: agencies.status,
      })
      .from(agencies)
      .orderBy(asc(agencies.full_company_name), asc(agencies.id))
  },
)
