import { and, eq, inArray, ne } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { accountingPeriods, insurerBankAccounts, insurerRemittances } from '../../../db/schema'
import type { PeriodStatus } from '../../../db/schema/periods'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { conflict, validation } from '../../shared/errors'
import { isFrozen, monthDate, monthLabel } from '../periods/periods.rules'
import { payeeIssue } from '../payout-batches/payout-batches.rules'
import { insurerFigures, type InsurerFigures } from './remittance-figures'
import { ProposeRemittancesSchema } from './remittances.schemas'
import { REMITTANCE_MESSAGES, remittanceAmount } from './remittances.rules'

type Account = typeof insurerBankAccounts.$inferSelect

/** 409 unless the month is closed (its figures can no longer change); locks it against a reopen. */
async function assertClosed(tx: DbOrTx, month: string) {
  const [period] = await tx
    .select({ status: accountingPeriods.status })
    .from(accountingPeriods)
    .where(eq(accountingPeriods.month, monthDate(month)))
    .for('share')
  if (!period || !isFrozen(period.status as PeriodStatus))
    throw conflict(`${monthLabel(month)} is not closed: its remittances are proposed once it is`)
}

/** The insurers that already have a live remittance for the month (locked), and every bank account. */
async function liveAndAccounts(tx: DbOrTx, month: string, insurerIds: number[]) {
  const live = await tx
    .select({ id: insurerRemittances.insurance_provider_id })
    .from(insurerRemittances)
    .where(and(eq(insurerRemittances.month, monthDate(month)), ne(insurerRemittances.status, 'CANCELLED')))
    .for('update')
  const accounts = insurerIds.length
    ? await tx
        .select()
        .from(insurerBankAccounts)
        .where(inArray(insurerBankAccounts.insurance_provider_id, insurerIds))
    : []
  return {
    live: new Set(live.map((r) => r.id)),
    accounts: new Map(accounts.map((a) => [a.insurance_provider_id, a])),
  }
}

/** Why an insurer's remittance cannot be proposed, or null. */
function skipReason(f: InsurerFigures, account: Account | undefined) {
  if (remittanceAmount(f) <= 0) return REMITTANCE_MESSAGES.nothing
  if (!account || payeeIssue({ ...account, bank_account_name: account.account_name }))
    return REMITTANCE_MESSAGES.noAccount
  return null
}

/**
 * Proposes the remittances of a closed month (staff with finance; issue 25): for each insurer whose
 * policies moved money in the month and that has no live remittance for it yet, the premium
 * received net of the commission retained, from the journal, with the insurer's bank account as it
 * is now. Another person approves each. An insurer with nothing to remit or no bank account (its
 * account can be set and the month proposed again) is answered in `skipped` with the reason. 409
 * unless the month is closed. Two proposals of one month run one after the other (the live rows
 * are locked, and the unique index keeps one live remittance per insurer and month).
 */
export const proposeInsurerRemittances = defineUseCase(
  { staff: ['finance'] },
  async function proposeInsurerRemittances(opts: { actor: StaffActor; input: unknown }) {
    const parsed = ProposeRemittancesSchema.safeParse(opts.input)
    if (!parsed.success) throw validation('month', parsed.error.issues[0].message)
    const { month } = parsed.data
    return getDb().transaction(async (tx) => {
      await assertClosed(tx, month)
      const figures = await insurerFigures(tx, month)
      const { live, accounts } = await liveAndAccounts(
        tx,
        month,
        figures.map((f) => f.insurance_provider_id),
      )
      const now = clock.now()
      const created: (typeof insurerRemittances.$inferSelect)[] = []
      const skipped: { insurance_provider_id: number; insurer: string; reason: string }[] = []
      for (const f of figures.filter((x) => !live.has(x.insurance_provider_id))) {
        const account = accounts.get(f.insurance_provider_id)
        const reason = skipReason(f, account)
        if (reason || !account) {
          skipped.push({
            insurance_provider_id: f.insurance_provider_id,
            insurer: f.insurer,
            reason: reason!,
          })
          continue
        }
        const { insurer: _name, ...figure } = f
        const [row] = await tx
          .insert(insurerRemittances)
          .values({
            ...figure,
            month: monthDate(month),
            amount_cents: remittanceAmount(f),
            bsb: account.bsb,
            account_number: account.account_number,
            account_name: account.account_name,
            proposed_by_identity_id: opts.actor.identityId,
            proposed_at: now,
            updated_at: now,
          })
          .returning()
        created.push(row)
      }
      return { month, created, skipped }
    })
  },
)
