// Commands of the money model after the sale: full refunds, amendments down, commission payouts and
// clawbacks.
import { expect } from 'vitest'
import type fc from 'fast-check'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { clawbacks, commissions, policies } from '../../../db/schema'
import { api } from '../../setup/api'
import { amendedInput, amendmentRow, openTask } from '../../setup/amendments'
import { uploadedReceipt } from '../../setup/topups'
import {
  admin,
  AFM,
  APM,
  checker,
  type Model,
  newPolicy,
  nextSeq,
  OFM,
  ok,
  openClawbackTask,
  openPayoutTask,
  OPM,
  paidPolicy,
  type Real,
} from './model'

/** A full refund of a paid policy (any method): requested, initiated, approved to the balance. */
export class FullRefund implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly deductCents: number,
  ) {}
  target = (m: Model) => m.policies.filter((p) => p.state === 'PAID' && !p.clawedBack)
  check = () => true
  async run(m: Model, r: Real) {
    // A paid policy of the run (bought, amended, its commission paid out), else a new one.
    const list = this.target(m)
    const p = list.length ? list[this.pick % list.length] : await paidPolicy(m, r, this.pick % 2 === 0)
    const requested = await api('POST', `${AFM}/requestForFullRefund/${p.id}`, {
      token: r.token,
      body: { full_refund_requested_reason: 'Visa refused' },
    })
    if (p.amendmentClawback) {
      // The clawback the amendment opened must be settled first; nothing moves.
      expect(requested.status).toBe(409)
      expect(requested.body.message).toMatch(/^Clawback #\d+ of this policy is still open/)
      return
    }
    ok(requested, 201)
    // At most the policy's commission (an amendment may have lowered it) and what was received.
    const [c] = await getDb()
      .select({ amount: commissions.amount })
      .from(commissions)
      .where(eq(commissions.policy_id, p.id))
    const deduct = Math.min(this.deductCents, p.received, c?.amount ?? 0)
    ok(
      await api('POST', `${OFM}/initiateFullRefund/${p.id}`, {
        token: admin,
        body: {
          refundable_premium_amount: p.received / 100,
          deductable_commission_amount: deduct / 100,
          is_full_refund: true,
        },
      }),
    )
    // The maker may not approve it; another finance person does.
    expect(
      (
        await api('POST', `${OFM}/approveFullRefundRequest/${p.id}`, {
          token: admin,
          query: { payment_method: 'AGENCY_BALANCE' },
        })
      ).status,
    ).toBe(403)
    ok(
      await api('POST', `${OFM}/approveFullRefundRequest/${p.id}`, {
        token: checker,
        query: { payment_method: 'AGENCY_BALANCE' },
      }),
    )
    m.balance += p.received - deduct
    p.state = 'REFUNDED'
    p.received = 0
  }
  toString = () => `FullRefund(${this.pick}, ${this.deductCents})`
}

/**
 * The agency shortens the cover of a paid (or BNPL-owed) policy; staff confirm the repriced
 * premium; the agency accepts; the certificate is issued. The difference goes back to what funded
 * the policy: BNPL credit first for a BNPL purchase not settled, else the balance.
 */
export class AmendFall implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  target = (m: Model) =>
    m.policies.filter((p) => !p.amended && !p.clawedBack && (p.state === 'PAID' || p.state === 'BNPL_OWED'))
  check = (m: Readonly<Model>) => this.target(m as Model).length > 0
  async run(m: Model, r: Real) {
    const list = this.target(m)
    const p = list[this.pick % list.length]
    const opened = await api('POST', `${APM}/initiateAmendment`, {
      token: r.token,
      body: await amendedInput(p.id, 'fall'),
    })
    ok(opened, 201)
    const id = opened.body.data.amendment_id as number
    await openTask(id, 'amendment_confirm_premium_by_admin')
    ok(
      await api('POST', `${OPM}/updateAmmendmentPolicyById`, {
        token: admin,
        body: { id, is_premium_confirmed_by_admin: true },
      }),
    )
    const a = await amendmentRow(id)
    ok(
      await api('POST', `${APM}/updatePolicyPremium/${id}`, {
        token: r.token,
        body: { premium: a.new_premium / 100, allow_payment: true },
      }),
    )
    await openTask(id, 'amendment_issue_certificate')
    ok(
      await api('POST', `${OPM}/uploadPolicyCertificate/${p.id}`, {
        token: admin,
        body: {
          certificate_url: await uploadedReceipt(null),
          certificate_name: 'cert.pdf',
          membership_number: `M-${p.id}`,
        },
      }),
    )
    const credit = (await amendmentRow(id)).payable_amount
    p.amended = true
    const clawedBack = await getDb()
      .select({ id: clawbacks.id })
      .from(clawbacks)
      .where(eq(clawbacks.policy_id, p.id))
    // Only a commission already paid out is clawed back when the premium falls.
    if (!p.commissionPaid) expect(clawedBack).toHaveLength(0)
    p.amendmentClawback = clawedBack.length > 0
    if (p.state === 'BNPL_OWED') {
      const toBnpl = Math.min(credit, p.premium)
      m.bnplRemaining += toBnpl
      m.balance += credit - toBnpl
      p.premium -= toBnpl
    } else {
      m.balance += credit
      p.received -= credit
    }
  }
  toString = () => `AmendFall(${this.pick})`
}

/**
 * The agency asks for its banked commission; finance pays it to the balance, by bank, or rejects.
 * The figures come from the payout the request answers (commission plus GST by the agency's terms).
 */
export class Payout implements fc.AsyncCommand<Model, Real> {
  constructor(readonly decision: 'AGENCY_BALANCE' | 'BANK' | 'reject') {}
  check = () => true
  async run(m: Model, r: Real) {
    const banked = await api('GET', `${AFM}/getCommissionBankedPolicies/${r.agencyId}`, { token: r.token })
    ok(banked)
    const lines = (banked.body.data as { invoice_line_item_id: number }[]).map((c) => c.invoice_line_item_id)
    if (!lines.length) return
    const req = await api('POST', `${AFM}/sendCommmisionPayoutRequest`, {
      token: r.token,
      body: { external_invoice_id: `AG-${r.agencyId}-${nextSeq()}`, invoice_line_item_ids: lines },
    })
    ok(req, 201)
    const payout = req.body.data as { id: number; total_amount: number }
    await openPayoutTask(payout.id)
    if (this.decision === 'reject') {
      ok(
        await api('POST', `${OFM}/rejectCommissionPayoutRequest`, {
          token: checker,
          body: { commission_payout_request_id: payout.id, rejection_reason: 'Wrong invoice number' },
        }),
      )
      return
    }
    ok(
      await api('POST', `${OFM}/approveCommissionPayoutRequest`, {
        token: checker,
        body: {
          commission_payout_request_id: payout.id,
          payment_type: this.decision,
          ...(this.decision === 'BANK' ? { bank_document: await uploadedReceipt(null) } : {}),
        },
      }),
    )
    if (this.decision === 'AGENCY_BALANCE') m.balance += Math.round(payout.total_amount * 100)
    const paid = await getDb()
      .select({ policy_id: commissions.policy_id })
      .from(commissions)
      .where(and(eq(commissions.agency_id, r.agencyId), eq(commissions.status, 'PAID')))
    for (const p of m.policies) if (paid.some((c) => c.policy_id === p.id)) p.commissionPaid = true
  }
  toString = () => `Payout(${this.decision})`
}

/**
 * Staff claw back the paid-out commission of a paid policy; the agency pays it from its balance
 * (reserved until staff decide; 409 when the balance is short), racing a purchase from the same
 * balance, or by bank transfer; another
 * finance person approves it or rejects it (a rejected balance payment is given back).
 */
export class Clawback implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly method: 'AGENCY_BALANCE' | 'BANK',
    readonly decision: 'approve' | 'reject',
  ) {}
  target = (m: Model) =>
    m.policies.filter((p) => p.state === 'PAID' && p.commissionPaid && !p.amended && !p.clawedBack)
  check = () => true
  async run(m: Model, r: Real) {
    // A policy of the run whose commission was paid out, else a new one.
    const list = this.target(m)
    const p = list.length ? list[this.pick % list.length] : await paidPolicy(m, r, true)
    const [row] = await getDb()
      .select({ premium: policies.premium_without_gst })
      .from(policies)
      .where(eq(policies.id, p.id))
    const init = await api('POST', `${APM}/initiate-clawback/${p.id}`, {
      token: admin,
      body: {
        clawback_premium_amount: row.premium! / 100,
        clawback_document: null,
        clawback_document_name: null,
      },
    })
    ok(init, 201)
    p.clawedBack = true
    const id = init.body.data.id as number
    const owed = Math.round(init.body.data.clawback_commission_amount * 100)
    await openClawbackTask(id, 'clawback-payment')
    const bankDocument = this.method === 'BANK' ? await uploadedReceipt(r.agencyId) : null
    // A payment from the balance races a purchase from the same balance: each succeeds or is 409.
    const rival = this.method === 'AGENCY_BALANCE' ? await newPolicy(r) : null
    const [paid, bought] = await Promise.all([
      api('POST', `${AFM}/clawbackPayment`, {
        token: r.token,
        body: { policy_id: p.id, payment_method: this.method, bank_document: bankDocument },
      }),
      rival
        ? api('POST', `${AFM}/purchasePolicy`, {
            token: r.token,
            body: { policy_id: rival.id, payment_type: 'AGENCY_BALANCE' },
          })
        : null,
    ])
    if (rival && bought) {
      if (bought.status === 409) expect(bought.body.message).toBe('Insufficient agency balance')
      else {
        ok(bought)
        m.balance -= rival.premium!
        const premium = rival.premium!
        m.policies.push({
          id: rival.id,
          ref: rival.ref,
          premium,
          method: 'AGENCY_BALANCE',
          state: 'PAID',
          received: premium,
        })
      }
    }
    if (paid.status === 409) {
      expect(this.method).toBe('AGENCY_BALANCE')
      expect(paid.body.message).toBe('Insufficient agency balance')
      expect(m.balance).toBeLessThan(owed)
      return
    }
    ok(paid)
    if (this.method === 'AGENCY_BALANCE') m.balance -= owed
    expect(m.balance).toBeGreaterThanOrEqual(0)
    await openClawbackTask(id, 'clawback-decision')
    ok(
      this.decision === 'approve'
        ? await api('POST', `${OFM}/clawbackApprove/${p.id}`, { token: checker })
        : await api('POST', `${OFM}/clawbackReject/${p.id}`, {
            token: checker,
            body: { rejection_reason: 'Wrong amount' },
          }),
    )
    if (this.decision === 'reject' && this.method === 'AGENCY_BALANCE') m.balance += owed
  }
  toString = () => `Clawback(${this.pick}, ${this.method}, ${this.decision})`
}
