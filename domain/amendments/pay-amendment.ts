import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { DomainError, invalidTransition, validation } from '../shared/errors'
import { assertFileUsable } from '../files/storage'
import { amendmentStateOf, loadAmendment } from './amendment-loading'
import { decideAndPresent } from './amendment-presenter'
import { openAmendmentCheckout } from './amendment-card'
import { amendmentPaymentIssue } from './amendments.rules'

/**
 * ammendmentPayment/{ammendmentId} (agency 'purchase' or 'finance', its own amendments): pays the
 * difference of an accepted amendment whose premium rose. BANK (bank_document, an uploaded file
 * key) -> payment REQUESTED, staff verify it; AGENCY_BALANCE -> balance debited at once (ledger
 * AMENDMENT_PAYMENT; 409 "Insufficient agency balance"), payment COMPLETED; CARD -> a gateway
 * checkout on the amendment's invoice (answered as `checkout`): the payment is COMPLETED when the
 * agency comes back from it paid (confirmAmendmentCardPayment). Not waiting for payment: 409.
 */
export const payAmendment = defineUseCase(
  { agency: ['purchase', 'finance'] },
  async function payAmendment(opts: {
    actor: Actor
    amendmentId: number
    paymentMethod: 'BANK' | 'AGENCY_BALANCE' | 'CARD'
    bankDocument?: string | null
  }) {
    const { actor } = opts
    const a = await loadAmendment(actor, opts.amendmentId)
    if (opts.paymentMethod === 'CARD') {
      const phase = amendmentStateOf(a).phase
      if (phase !== 'PAYMENT')
        throw invalidTransition(`This amendment is not waiting for a payment (${phase})`)
      const checkout = await openAmendmentCheckout(a, 'identityId' in actor ? actor.identityId : null)
      return { checkout }
    }
    const bankDocument = opts.paymentMethod === 'BANK' ? (opts.bankDocument ?? null) : null
    const issue = amendmentPaymentIssue({
      kind: 'pay',
      payment_method: opts.paymentMethod,
      bank_document: bankDocument,
    })
    if (issue) throw validation(issue.path, issue.message)
    if (bankDocument) {
      try {
        await assertFileUsable(bankDocument, actor, a.agency_id)
      } catch (err) {
        if (err instanceof DomainError && err.code === 'VALIDATION')
          throw validation('bank_document', err.message)
        throw err
      }
    }
    const amendment = await decideAndPresent(actor, a.id, {
      kind: 'pay',
      payment_method: opts.paymentMethod,
      bank_document: bankDocument,
    })
    return { amendment }
  },
)
