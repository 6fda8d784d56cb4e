import { getDb } from '../../../db/client'
import { sendMail } from '../../mail/mailer'
import { actorLabel, type Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { reconcileLedgers } from './reconcile-ledgers'
import { presentReconciliationRun } from './reconciliation-runs'

/**
 * runReconciliation: runs the ledger reconciliation now (the nightly job's same check) and
 * answers the run; a mismatch opens a staff task and mails finance, as at night. The run records
 * who asked in `trigger`. Staff holding finance.
 */
export const runReconciliation = defineUseCase(
  { staff: ['finance'] },
  async function runReconciliation(opts: { actor: Actor }) {
    const run = await reconcileLedgers({
      db: getDb(),
      mail: sendMail,
      clock,
      trigger: actorLabel(opts.actor),
    })
    return presentReconciliationRun(run)
  },
)
