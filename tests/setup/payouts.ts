// Fixtures of the commission payout tests: agencies with banked commission, staff actors with a
// real identity (decisions record who decided), uploaded proof files, and the rows to assert on.
import { and, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBankDetails,
  commissionPayouts,
  commissions,
  files,
  identities,
  invoiceLineItems,
  oshcRoles,
  oshcUsers,
  tasks,
} from '../../db/schema'
import { createAgency, createPolicy } from '../../db/seed/factories'
import type { Actor } from '../../domain/shared/actor'
import { account } from '../../domain/money/accounts'
import { postTransfers } from '../../domain/money/journal'
import { agencyWithToken, api } from './api'
import { eventually } from './eventually'

let seq = 0

/** An active agency with `count` paid policies (commission banked), its actor and the premium lines. */
export async function agencyWithBanked(count: number, opts: { gst?: boolean } = {}) {
  const db = getDb()
  const agency = await createAgency(db, { status: 'PORTAL_ACTIVATED', password: 'Agency-Passw0rd!' })
  if (opts.gst === false)
    await db
      .update(agencyBankDetails)
      .set({ is_gst_registered: false })
      .where(eq(agencyBankDetails.agency_id, agency.id))
  const policies = []
  for (let i = 0; i < count; i++)
    policies.push((await createPolicy(db, { agencyId: agency.id, status: 'PAYMENT_APPROVED' })).policy)
  const lines = await db
    .select({ id: invoiceLineItems.id, policy_id: invoiceLineItems.policy_id })
    .from(invoiceLineItems)
    .where(
      and(
        inArray(
          invoiceLineItems.policy_id,
          policies.map((p) => p.id),
        ),
        eq(invoiceLineItems.line_item_type, 'PREMIUM'),
      ),
    )
    .orderBy(invoiceLineItems.id)
  const comms = await db
    .select()
    .from(commissions)
    .where(
      inArray(
        commissions.policy_id,
        policies.map((p) => p.id),
      ),
    )
  const actor: Actor = {
    kind: 'Agency',
    identityId: agency.identity_id!,
    agencyId: agency.id,
    email: agency.email,
    permissions: new Set(['quote', 'purchase', 'user_management', 'finance']),
  }
  return {
    agency,
    actor,
    policies,
    lineIds: lines.map((l) => l.id),
    commissionCents: comms.reduce((s, c) => s + c.amount, 0),
    commissions: comms,
  }
}

/** A staff member (finance) with a real identity and user row; `email` is theirs. */
export async function staffActor(): Promise<Extract<Actor, { kind: 'Oshc' }>> {
  const db = getDb()
  const tag = `${Date.now().toString(36)}-${process.pid}-${++seq}`
  const email = `payout-desk-${tag}@oshc.local`
  const [role] = await db.select().from(oshcRoles).where(eq(oshcRoles.name, 'Super Admin'))
  const [identity] = await db
    .insert(identities)
    .values({ email, kind: 'Oshc', password_hash: 'x' })
    .returning()
  const [user] = await db
    .insert(oshcUsers)
    .values({
      identity_id: identity.id,
      first_name: 'Pay',
      last_name: 'Desk',
      email,
      role_id: role?.id ?? null,
    })
    .returning()
  return {
    kind: 'Oshc',
    identityId: identity.id,
    userId: user.id,
    email,
    permissions: new Set(['finance', 'agency_management', 'user_management', 'quote', 'policy_management']),
  }
}

/** A stored, uploaded file row (as a finished presigned upload leaves it). */
export async function uploadedFile(agencyId: number | null, name = 'transfer.pdf') {
  const key = `private/payout-${Date.now().toString(36)}-${++seq}-${name}`
  await getDb().insert(files).values({
    key,
    folder: 'private',
    filename: name,
    content_type: 'application/pdf',
    size: 10,
    agency_id: agencyId,
    uploaded_at: new Date(),
  })
  return key
}

export async function payoutRow(id: number) {
  const [row] = await getDb().select().from(commissionPayouts).where(eq(commissionPayouts.id, id))
  return row
}

export async function commissionStatuses(ids: number[]) {
  const rows = await getDb().select().from(commissions).where(inArray(commissions.id, ids))
  return [...new Set(rows.map((r) => r.status))]
}

/**
 * Marks the commission of `policyId` PAID as an approved bank payout leaves it, posting what the
 * payout posts (commission payable -> bank clearing) so the journal stays true; answers the row.
 */
export async function payOutCommission(agencyId: number, policyId: number) {
  const [paid] = await getDb()
    .update(commissions)
    .set({ status: 'PAID' })
    .where(eq(commissions.policy_id, policyId))
    .returning()
  await getDb().transaction((tx) =>
    postTransfers(tx, [
      {
        key: `test-paid-out:${paid.id}`,
        debit: account.agencyCommissionPayable(agencyId),
        credit: account.clearing('bank'),
        amount: paid.amount,
        code: 'PAYOUT',
        actor: 'test',
      },
    ]),
  )
  return paid
}

/**
 * A REQUESTED payout asked for through the API by a new agency with `policies` banked commissions
 * (its verified account changed by `bank` first), once its workflow opened the inbox task.
 */
export async function requestedPayoutByApi(
  policies = 1,
  bank?: Partial<typeof agencyBankDetails.$inferInsert>,
) {
  const { agency, token } = await agencyWithToken()
  if (bank)
    await getDb().update(agencyBankDetails).set(bank).where(eq(agencyBankDetails.agency_id, agency.id))
  const ids = []
  for (let i = 0; i < policies; i++)
    ids.push((await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })).policy.id)
  const lines = await getDb()
    .select({ id: invoiceLineItems.id })
    .from(invoiceLineItems)
    .where(inArray(invoiceLineItems.policy_id, ids))
  const r = await api('POST', '/agencies/finance-management/sendCommmisionPayoutRequest', {
    token,
    body: { external_invoice_id: `REQ-${agency.id}-${++seq}`, invoice_line_item_ids: lines.map((l) => l.id) },
  })
  if (r.status !== 201) throw new Error(`payout request: ${r.status} ${JSON.stringify(r.body)}`)
  const id = r.body.data.id as number
  await eventually(
    async () =>
      (
        await getDb()
          .select()
          .from(tasks)
          .where(eq(tasks.workflow_id, `payout-${id}`))
      )[0],
    'the payout task',
  )
  const [payout] = await getDb().select().from(commissionPayouts).where(eq(commissionPayouts.id, id))
  return { agency, payout }
}
