import { endpoint, ok, type Endpoint } from '../define'
import { PeriodParamsSchema, ReopenRequestSchema } from '../../domain/finance/periods/periods.schemas'
import { findPeriods } from '../../domain/finance/periods/find-periods'
import { getPeriod } from '../../domain/finance/periods/get-period'
import { proposePeriod } from '../../domain/finance/periods/propose-period'
import { closePeriod } from '../../domain/finance/periods/close-period'
import { requestPeriodReopen } from '../../domain/finance/periods/request-period-reopen'
import { confirmPeriodReopen } from '../../domain/finance/periods/confirm-period-reopen'
import { getMonthPackReport } from '../../domain/finance/periods/get-month-pack-report'
import { PACK_REPORT_KEYS } from '../../domain/finance/periods/month-pack.rules'
import { exportResponse, ExportFormatSchema } from '../export.server'
import { z } from 'zod'

/** Closed periods (issue 25): calls beside the specification's finance ones; figures in integer cents. */
const OSHC = '/oshc/finance-management/periods'

const PackParamsSchema = PeriodParamsSchema.extend({ report: z.enum(PACK_REPORT_KEYS) })
const PackQuerySchema = z.object({ format: ExportFormatSchema })

export const periodEndpoints: Endpoint[] = [
  endpoint({
    method: 'GET',
    path: OSHC,
    summary:
      'The ended months of the journal, newest first, with their status (OPEN, PROPOSED, CLOSED, REOPEN_REQUESTED)',
    access: findPeriods.access,
    handler: async ({ actor }) => ok(await findPeriods({ actor })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/{month}`,
    summary:
      'One month (YYYY-MM, Australia/Sydney): its status, the trial balance from the journal now and the one it was proposed or closed with, and its audit',
    access: getPeriod.access,
    params: PeriodParamsSchema,
    handler: async ({ actor, params }) => ok(await getPeriod({ actor, month: params.month })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/{month}/propose`,
    summary:
      'Propose an ended month for closing with its trial balance. 409 for a month not ended, already closed, or with an earlier month that has transfers still open',
    access: proposePeriod.access,
    params: PeriodParamsSchema,
    handler: async ({ actor, params }) =>
      ok(await proposePeriod({ actor, month: params.month }), 'Month proposed'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/{month}/close`,
    summary:
      'Close a PROPOSED month (maker-checker: 403 for whoever proposed it; a fresh second factor). 409 if its trial balance changed since the proposal',
    access: closePeriod.access,
    params: PeriodParamsSchema,
    handler: async ({ actor, params }) =>
      ok(await closePeriod({ actor, month: params.month }), 'Month closed'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/{month}/reopen-request`,
    summary:
      'Ask to reopen a CLOSED month with { reason }; it stays closed until another person confirms. 409 while a later month is closed',
    access: requestPeriodReopen.access,
    params: PeriodParamsSchema,
    body: ReopenRequestSchema,
    handler: async ({ actor, params, body }) =>
      ok(await requestPeriodReopen({ actor, month: params.month, input: body }), 'Reopening requested'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/{month}/reopen`,
    summary:
      'Confirm a request to reopen (maker-checker: 403 for whoever asked; a fresh second factor). The month is OPEN again',
    access: confirmPeriodReopen.access,
    params: PeriodParamsSchema,
    handler: async ({ actor, params }) =>
      ok(await confirmPeriodReopen({ actor, month: params.month }), 'Month reopened'),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/{month}/pack/{report}`,
    summary:
      "One report of a closed month's month-end pack (trial-balance, premium-by-insurer, commission-by-agency, gst, refunds) as CSV or XLSX (?format=), figures in cents. 409 unless the month is closed",
    access: getMonthPackReport.access,
    params: PackParamsSchema,
    query: PackQuerySchema,
    handler: async ({ actor, params, query }) => {
      const pack = await getMonthPackReport({ actor, month: params.month, report: params.report })
      return exportResponse({
        filename: pack.filename,
        format: query.format,
        columns: pack.columns.map((c) => ({
          header: c.header,
          value: (r: (typeof pack.rows)[number]) => r[c.key],
        })),
        rows: (async function* () {
          yield* pack.rows
        })(),
      })
    },
  }),
]
