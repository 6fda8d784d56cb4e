import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { accountingPeriods } from '../../../db/schema'
import type { PeriodStatus } from '../../../db/schema/periods'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { conflict } from '../../shared/errors'
import { packRows } from './month-pack'
import { PACK_REPORTS, packFileName, type PackReportKey } from './month-pack.rules'
import { MonthSchema } from './periods.schemas'
import { isFrozen, monthDate, monthLabel } from './periods.rules'

/**
 * One report of a closed month's pack (staff with finance; issue 25): its columns and rows (cents)
 * and a file name; the edge writes it as CSV or XLSX. 409 unless the month is closed.
 */
export const getMonthPackReport = defineUseCase(
  { staff: ['finance'] },
  async function getMonthPackReport(opts: { actor: Actor; month: string; report: PackReportKey }) {
    const month = MonthSchema.parse(opts.month)
    const report = PACK_REPORTS.find((r) => r.key === opts.report)!
    const db = getDb()
    const [row] = await db
      .select({ status: accountingPeriods.status })
      .from(accountingPeriods)
      .where(eq(accountingPeriods.month, monthDate(month)))
    if (!row || !isFrozen(row.status as PeriodStatus))
      throw conflict(`${monthLabel(month)} is not closed: its month-end pack is made once it is`)
    return {
      filename: packFileName(month, report.key),
      columns: report.columns,
      rows: await packRows(db, month, report.key),
    }
  },
)
