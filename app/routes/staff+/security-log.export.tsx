import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportResponse } from '../../../api/export.server'
import { exportSecurityEvents } from '../../../domain/access/export-security-events'
import { SECURITY_LOG_EXPORT_COLUMNS } from '../../../domain/access/security-log-listing'
import { SecurityLogFilterSchema } from '../../../domain/access/security-log.schemas'
import { listParams, throwAsResponse } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { businessDate } from '../../../domain/shared/business-date'

/** GET /staff/security-log/export: the filtered security log as CSV, streamed in batches. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, exportSecurityEvents.access)
  const parsed = SecurityLogFilterSchema.safeParse(listParams(request))
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message ?? 'Bad filter', { status: 400 })
  const rows = exportSecurityEvents({ actor, query: parsed.data })
  // The check and the first batch run before the response starts, so a refusal is a status.
  const first = await rows.next().catch(throwAsResponse)
  async function* all() {
    if (!first.done) yield first.value
    yield* rows
  }
  return exportResponse({
    filename: `security-log-${businessDate()}`,
    format: 'csv',
    columns: SECURITY_LOG_EXPORT_COLUMNS,
    rows: all(),
  })
}
