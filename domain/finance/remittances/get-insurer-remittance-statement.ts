import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { config } from '../../shared/config'
import { insurerDetails } from '../pdf-writer'
import { loadRemittance } from './get-insurer-remittance'
import { policyFigures } from './remittance-figures'
import { STATEMENT_COLUMNS, statementFileName, totalRow, writeStatementPdf } from './remittance-statement'

/**
 * The insurer's statement of a remittance (staff with finance; 404): its policies with premium,
 * commission and net, and the totals; as rows for CSV/XLSX (the edge writes them) or, with
 * `format: 'pdf'`, a PDF (409 in production without INSURER_NAME/INSURER_ABN, the payer's details).
 */
export const getInsurerRemittanceStatement = defineUseCase(
  { staff: ['finance'] },
  async function getInsurerRemittanceStatement(opts: {
    actor: StaffActor
    remittanceId: number
    format: 'csv' | 'xlsx' | 'pdf'
  }) {
    const r = await loadRemittance(opts.remittanceId)
    const lines = await policyFigures(getDb(), r.month, r.insurance_provider_id)
    if (opts.format === 'pdf') {
      const payer = insurerDetails(config(), 'remittance statement')
      return {
        kind: 'pdf' as const,
        filename: `${statementFileName(r)}.pdf`,
        content: await writeStatementPdf(r, lines, payer),
      }
    }
    return {
      kind: 'rows' as const,
      filename: statementFileName(r),
      columns: STATEMENT_COLUMNS,
      rows: [...lines, totalRow(r)],
    }
  },
)
