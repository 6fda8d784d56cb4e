import { asc } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { statementCsvMappings } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import type { SavedMapping } from './statement-csv'

/** Every saved CSV mapping, by bank account name (an import reads its file with them). */
export const loadStatementMappings = (db: DbOrTx = getDb()): Promise<(SavedMapping & { id: number })[]> =>
  db.select().from(statementCsvMappings).orderBy(asc(statementCsvMappings.bank_account))

/** The bank accounts' saved CSV column mappings (staff with finance; issue 25), by account name. */
export const findStatementMappings = defineUseCase(
  { staff: ['finance'] },
  async function findStatementMappings(_opts: { actor: StaffActor }) {
    return loadStatementMappings()
  },
)
