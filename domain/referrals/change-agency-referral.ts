import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyReferrals } from '../../db/schema'
import { actorLabel, isStaff, type Actor } from '../shared/actor'
import { clock } from '../shared/clock'
import { conflict, DomainError, forbidden, invalidTransition, validation } from '../shared/errors'
import { assertFileUsable } from '../files/storage'
import { recordAgencyHistory } from '../agencies/agency-history'
import { referralStatus, REFERRAL_SIDES, type ReferralSide } from './referrals.rules'
import type { ChangeReferralInput } from './referrals.schemas'
import { loadReferral, type ReferralRow } from './referral-loading'
import { presentReferral } from './referral-presenter'
import { defineUseCase } from '../shared/authorize'

const flagOf = (side: ReferralSide) => (side === 'referring' ? 'is_referring_paid' : 'is_referred_paid')
const documentOf = (side: ReferralSide) =>
  side === 'referring' ? 'referring_payment_document' : 'referred_payment_document'
const paidByOf = (side: ReferralSide) => (side === 'referring' ? 'referring_paid_by' : 'referred_paid_by')
const paidAtOf = (side: ReferralSide) => (side === 'referring' ? 'referring_paid_at' : 'referred_paid_at')

/** A payment document is an uploaded file key; anything else is reported on the document field. */
async function assertDocument(actor: Actor, field: string, key: string, agencyId: number) {
  try {
    await assertFileUsable(key, actor, agencyId)
  } catch (err) {
    if (err instanceof DomainError && err.code === 'VALIDATION') throw validation(field, 'File not found')
    throw err
  }
}

/**
 * changeAgencyReferral (staff): records the referral bonus payment to the referring and/or the
 * referred agency, each with its payment document (an uploaded file key). A side is paid once the
 * referred agency's portal has been activated (409 before); a recorded payment cannot be undone
 * (409); a document may be replaced. Each paid side records who paid and when. The status becomes
 * PAID when both sides are paid. Idempotent for repeated flags.
 */
export const changeAgencyReferral = defineUseCase(
  { staff: ['agency_management', 'finance'] },
  async function changeAgencyReferral(opts: { actor: Actor; id: number; input: ChangeReferralInput }) {
    const { actor, input } = opts
    if (!isStaff(actor)) throw forbidden()
    const before = await loadReferral(actor, opts.id)
    // Documents are checked before the row lock: the file lookup may touch object storage.
    await assertNewDocuments(actor, input, before.referral)
    const db = getDb()
    const changed = await db.transaction(async (tx) => {
      const { referral, referred } = await loadReferral(actor, opts.id, tx, true)
      const set: Partial<ReferralRow> = {}
      const events: SideEvent[] = []
      for (const side of REFERRAL_SIDES) {
        const event = changeSide(set, side, { input, referral, referred, paidBy: actor.identityId })
        if (event) events.push(event)
      }
      if (!events.length) return null
      const next = { ...referral, ...set }
      set.status = referralStatus(next, referred)
      const [updated] = await tx
        .update(agencyReferrals)
        .set(set)
        .where(eq(agencyReferrals.id, referral.id))
        .returning()
      for (const e of events) {
        await recordAgencyHistory(tx, {
          agencyId: e.agencyId,
          action: e.action,
          actor: actorLabel(actor),
          note: `Referral of ${referral.referred_to_agency_name}: ${e.side} agency`,
          meta: {
            referral_id: referral.id,
            side: e.side,
            document: updated[documentOf(e.side)],
            status: updated.status,
          },
        })
      }
      return updated
    })
    const { referral, referring, referred } = changed ? await loadReferral(actor, changed.id) : before
    return presentReferral(actor, referral, referring, referred)
  },
)

/** Each side's new payment document must be a file the caller may use, for that side's agency. */
async function assertNewDocuments(actor: Actor, input: ChangeReferralInput, referral: ReferralRow) {
  for (const side of REFERRAL_SIDES) {
    const doc = input[documentOf(side)]
    const owner = side === 'referring' ? referral.referred_by_id : referral.referred_agency_id
    if (doc && doc !== referral[documentOf(side)]) {
      await assertDocument(actor, documentOf(side), doc, owner ?? referral.referred_by_id)
    }
  }
}

type SideEvent = { side: ReferralSide; action: string; agencyId: number }

/**
 * What the input changes on one side, written into `set`: a payment recorded (once the portal is
 * active, with a document) or a document replaced. The side's history event, or null when unchanged.
 */
function changeSide(
  set: Partial<ReferralRow>,
  side: ReferralSide,
  c: {
    input: ChangeReferralInput
    referral: ReferralRow
    referred: Parameters<typeof referralStatus>[1]
    paidBy: number
  },
): SideEvent | null {
  const { input, referral } = c
  const flag = input[flagOf(side)]
  const doc = input[documentOf(side)]
  const wasPaid = referral[flagOf(side)]
  if (flag === false && wasPaid) {
    throw conflict(`The ${side} agency's payment has been recorded and cannot be undone`)
  }
  const agencyId =
    side === 'referred' && referral.referred_agency_id ? referral.referred_agency_id : referral.referred_by_id
  if (flag === true && !wasPaid) {
    if (referralStatus(referral, c.referred) === 'PENDING') {
      throw invalidTransition(
        "Referral payments are made once the referred agency's portal has been activated",
      )
    }
    const document = doc ?? referral[documentOf(side)]
    if (!document) throw validation(documentOf(side), 'A payment document is required')
    set[flagOf(side)] = true
    set[documentOf(side)] = document
    set[paidByOf(side)] = c.paidBy
    set[paidAtOf(side)] = clock.now()
    return { side, action: 'REFERRAL_PAYMENT_RECORDED', agencyId }
  }
  if (doc && doc !== referral[documentOf(side)]) {
    set[documentOf(side)] = doc
    return { side, action: 'REFERRAL_DOCUMENT_REPLACED', agencyId }
  }
  return null
}
