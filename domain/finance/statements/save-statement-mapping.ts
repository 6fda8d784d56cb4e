import { getDb } from '../../../db/client'
import { statementCsvMappings } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { headerRowKey, mappedColumns } from './statement-csv'
import type { SaveStatementMappingInput } from './statements.schemas'

/**
 * Saves a bank account's CSV column mapping (staff with finance; issue 25): for an export whose
 * header row the presets do not recognise, which header cell is the date, the description, the
 * reference, the payer, the amount (or the debit and the credit), the balance. Checked against the
 * header row (400 naming the column); saved again under the same account name, it replaces the
 * old one. A statement whose header row is exactly this one is read with it from then on.
 */
export const saveStatementMapping = defineUseCase(
  { staff: ['finance'] },
  async function saveStatementMapping(opts: { actor: StaffActor; input: SaveStatementMappingInput }) {
    const { bank_account, header } = opts.input
    const columns = Object.fromEntries(
      Object.entries(opts.input.columns).filter(([, cell]) => cell),
    ) as Record<string, string>
    mappedColumns(header, columns)
    const values = {
      bank_account,
      header_key: headerRowKey(header),
      columns,
      saved_by_identity_id: opts.actor.identityId,
      saved_at: clock.now(),
    }
    const [row] = await getDb()
      .insert(statementCsvMappings)
      .values(values)
      .onConflictDoUpdate({ target: statementCsvMappings.bank_account, set: values })
      .returning()
    return row
  },
)
