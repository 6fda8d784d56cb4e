import { endpoint, ok, paged, type Endpoint } from '../define'
import { findReconciliationRuns } from '../../domain/finance/reconciliation/find-reconciliation-runs'
import { ReconciliationRunsQuerySchema } from '../../domain/finance/reconciliation/reconciliation-runs'
import { runReconciliation } from '../../domain/finance/reconciliation/run-reconciliation'

const OSHC = '/oshc/finance-management'

/**
 * The ledger reconciliation (DESIGN.md section 10): the nightly runs and a run on demand. These two
 * calls are not in the specification, which names no reconciliation; they sit beside its finance
 * calls under the same base.
 */
export const reconciliationEndpoints: Endpoint[] = [
  endpoint({
    method: 'GET',
    path: `${OSHC}/getReconciliationRuns`,
    summary:
      'Ledger reconciliation runs, newest first (paged): when, agencies and invoices checked, and every mismatch with its figures (balance vs ledger, BNPL remaining, invoice totals vs line items, paid vs payments, outstanding)',
    access: findReconciliationRuns.access,
    query: ReconciliationRunsQuerySchema,
    handler: async ({ actor, query }) => paged(await findReconciliationRuns({ actor, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/runReconciliation`,
    summary:
      'Run the ledger reconciliation now and answer the run; a mismatch opens a staff task and mails finance, as the nightly run does',
    access: runReconciliation.access,
    handler: async ({ actor }) => ok(await runReconciliation({ actor }), 'Reconciliation run'),
  }),
]
