import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { exportResponse, ExportFormatSchema } from '../../../api/export.server'
import { iterateAmendedPolicies } from '../../../domain/amendments/iterate-amended-policies'
import { AMENDMENT_EXPORT_COLUMNS } from '../../../domain/amendments/amendment-listing'
import { AmendmentListFilterSchema } from '../../../domain/amendments/amendments.schemas'
import { listParams, throwAsResponse } from '../../utils/forms.server'
import { requireStaff } from '../../utils/session.server'
import { businessDate } from '../../../domain/shared/business-date'

const ExportQuery = AmendmentListFilterSchema.extend({
  format: ExportFormatSchema,
  amended_only: z.enum(['true', 'false']).default('false'),
})

/** GET /staff/policies/amendments/export: the filtered amendment list as CSV or XLSX. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request)
  const parsed = ExportQuery.safeParse(listParams(request))
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message ?? 'Bad filter', { status: 400 })
  const rows = await iterateAmendedPolicies({
    actor,
    input: parsed.data,
    amendedOnly: parsed.data.amended_only === 'true',
  }).catch(throwAsResponse)
  return exportResponse({
    filename: `amendments-${businessDate()}`,
    format: parsed.data.format,
    columns: AMENDMENT_EXPORT_COLUMNS,
    rows,
  })
}
