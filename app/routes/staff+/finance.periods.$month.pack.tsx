import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { exportResponse, ExportFormatSchema } from '../../../api/export.server'
import { getMonthPackReport } from '../../../domain/finance/periods/get-month-pack-report'
import { PACK_REPORT_KEYS } from '../../../domain/finance/periods/month-pack.rules'
import { MonthSchema } from '../../../domain/finance/periods/periods.schemas'
import { throwAsResponse } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'

const PackQuerySchema = z.object({ report: z.enum(PACK_REPORT_KEYS), format: ExportFormatSchema })

/** One report of a closed month's pack as CSV or XLSX (?report=&format=); 409 for an open month. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getMonthPackReport.access, 'staff')
  const month = MonthSchema.safeParse(params.month)
  const query = PackQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!month.success || !query.success) throw new Response('Report not found', { status: 404 })
  const pack = await getMonthPackReport({ actor, month: month.data, report: query.data.report }).catch(
    throwAsResponse,
  )
  return exportResponse({
    filename: pack.filename,
    format: query.data.format,
    columns: pack.columns.map((c) => ({
      header: c.header,
      value: (r: (typeof pack.rows)[number]) => r[c.key],
    })),
    rows: (async function* () {
      yield* pack.rows
    })(),
  })
}
