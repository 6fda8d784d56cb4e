import { asc, ilike, inArray, or } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { escapeLike } from '../../reference/search-text'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'

export const AGENCY_OPTION_LIMIT = 20

/**
 * Agencies for a picker, searched as the user types (name or e-mail containing `q`), or by id
 * (the one already chosen): a few rows, never the whole table of a large network.
 */
export const searchAgencyOptions = defineUseCase(
  { staff: ['agency_management', 'finance', 'policy_management'] },
  async function searchAgencyOptions(opts: { actor: Actor; q?: string; ids?: number[] }) {
    const like = `%${escapeLike((opts.q ?? '').trim().slice(0, 100))}%`
    const rows = await getDb()
      .select({ id: agencies.id, name: agencies.full_company_name, email: agencies.email })
      .from(agencies)
      .where(
        opts.ids
          ? inArray(agencies.id, opts.ids)
          : or(ilike(agencies.full_company_name, like), ilike(agencies.email, like)),
      )
      .orderBy(asc(agencies.full_company_name), asc(agencies.id))
      .limit(AGENCY_OPTION_LIMIT)
    return rows.map((a) => ({ id: a.id, name: a.name ?? a.email }))
  },
)
