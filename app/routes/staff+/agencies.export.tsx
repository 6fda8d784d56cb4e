import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportResponse, ExportFormatSchema } from '../../../api/export.server'
import { queryObject } from '../../../api/router.server'
import { AgencyListQuerySchema } from '../../../domain/agencies/agencies.schemas'
import { AGENCY_EXPORT_COLUMNS, iterateAgencies } from '../../../domain/agencies/reads/iterate-agencies'
import { SortDirectionSchema } from '../../../domain/shared/pagination'
import { requireAccess } from '../../utils/session.server'
import { businessDate } from '../../../domain/shared/business-date'

/** The list page's filters and sort, without paging, plus the file format (csv by default, or xlsx). */
const ExportQuerySchema = AgencyListQuerySchema.extend({
  sort_direction: SortDirectionSchema,
  format: ExportFormatSchema,
})

/** GET /staff/agencies/export: the filtered agency list as a streamed CSV or XLSX download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, iterateAgencies.access)
  const raw = queryObject(new URL(request.url))
  const query = Object.fromEntries(
    Object.entries(raw).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== '')),
  )
  const parsed = ExportQuerySchema.safeParse(query)
  if (!parsed.success) {
    throw new Response(parsed.error.issues[0]?.message ?? 'Invalid filter', { status: 400 })
  }
  return exportResponse({
    filename: `agencies-${businessDate()}`,
    format: parsed.data.format,
    columns: AGENCY_EXPORT_COLUMNS,
    rows: iterateAgencies({ actor, ...parsed.data }),
  })
}
