import { endpoint, ok, type Endpoint } from '../define'
import { exportResponse } from '../export.server'
import * as S from '../../domain/dashboard/dashboard.schemas'
import { getOshcDashboard } from '../../domain/dashboard/get-oshc-dashboard'
import { exportAgencyPerformance } from '../../domain/dashboard/export-agency-performance'
import { getPolicyDataWithComparision } from '../../domain/dashboard/get-policy-data-with-comparision'
import { getPolicyDataWithCertificateIssued } from '../../domain/dashboard/get-policy-data-with-certificate-issued'
import { getPolicyDataWithComparisionForAgency } from '../../domain/dashboard/get-policy-data-with-comparision-for-agency'
import { getPolicyDataWithCertificateIssuedForAgency } from '../../domain/dashboard/get-policy-data-with-certificate-issued-for-agency'

/** The agency performance table as a file (every agency of the range). */
export async function agencyPerformanceFile(
  rows: Awaited<ReturnType<typeof exportAgencyPerformance>>['rows'],
) {
  return exportResponse({
    filename: 'agency-performance',
    format: 'csv',
    columns: [
      { header: 'Agency', value: (r) => r.agency },
      { header: 'Agency id', value: (r) => r.agency_id },
      { header: 'Policies sold', value: (r) => r.policies_sold },
      { header: 'Premium (AUD)', value: (r) => r.premium },
      { header: 'Commission (AUD)', value: (r) => r.commission },
    ],
    rows: (async function* () {
      yield* rows
    })(),
  })
}

export const dashboardEndpoints: Endpoint[] = [
  endpoint({
    method: 'GET',
    path: '/dashboard/getOshcDashboard',
    summary:
      'Overview, policy and finance figures of start_date..end_date (default the last 30 days) beside the previous range of the same length (vsLabel): filters agency_id (at most 10), policy_status, provider_id; dashboard_type picks sections; export_agency_performance=true answers the agency performance table as CSV; finance_performance_key_metrics picks metrics',
    access: getOshcDashboard.access,
    query: S.DashboardQuerySchema,
    handler: async ({ actor, query }) => {
      if (query.export_agency_performance === 'true')
        return agencyPerformanceFile((await exportAgencyPerformance({ actor, query })).rows)
      const r = await getOshcDashboard({ actor, query })
      return { data: r, extra: { currentLabel: r.currentLabel, vsLabel: r.vsLabel } }
    },
  }),
  endpoint({
    method: 'GET',
    path: '/oshc/policy-management/getPolicyDataWithComparision',
    summary:
      'Policies sold and premium per week for the last no_of_week weeks (default 4), every agency, each beside the same week of the period before',
    access: getPolicyDataWithComparision.access,
    query: S.WeeksQuerySchema,
    handler: async ({ actor, query }) =>
      ok(await getPolicyDataWithComparision({ actor, weeks: query.no_of_week })),
  }),
  endpoint({
    method: 'GET',
    path: '/oshc/policy-management/getPolicyDataWithCertificateIssued',
    summary:
      'Certificates issued per week for the last no_of_week weeks (default 4), every agency, beside the period before',
    access: getPolicyDataWithCertificateIssued.access,
    query: S.WeeksQuerySchema,
    handler: async ({ actor, query }) =>
      ok(await getPolicyDataWithCertificateIssued({ actor, weeks: query.no_of_week })),
  }),
  endpoint({
    method: 'GET',
    path: '/agencies/policy-management/getPolicyDataWithComparisionForAgency/{agency_id}',
    summary:
      "One agency's policies sold and premium per week (no_of_week) beside the period before; another agency's id is a 404",
    access: getPolicyDataWithComparisionForAgency.access,
    params: S.AgencyIdParamSchema,
    query: S.WeeksQuerySchema,
    handler: async ({ actor, params, query }) =>
      ok(
        await getPolicyDataWithComparisionForAgency({
          actor,
          agencyId: params.agency_id,
          weeks: query.no_of_week,
        }),
      ),
  }),
  endpoint({
    method: 'GET',
    path: '/agencies/policy-management/getPolicyDataWithCertificateIssuedForAgency/{agency_id}',
    summary:
      "One agency's certificates issued per week (no_of_week) beside the period before; another agency's id is a 404",
    access: getPolicyDataWithCertificateIssuedForAgency.access,
    params: S.AgencyIdParamSchema,
    query: S.WeeksQuerySchema,
    handler: async ({ actor, params, query }) =>
      ok(
        await getPolicyDataWithCertificateIssuedForAgency({
          actor,
          agencyId: params.agency_id,
          weeks: query.no_of_week,
        }),
      ),
  }),
]
