// Notifications: one per thing that needs a person, grouped (issue 29: "77 unread for the admin
// after one session"). A sale and its payment leave the admin one notification per policy whose
// certificate is to be issued, and none while a bank transfer still waits for verification (its
// inbox task says so); the invoices the system raises as a by-product tell nobody; a second note
// on the same invoice replaces the unread first instead of adding to the count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, gt, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { identities, notificationReceivers, notifications } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { notify } from '../../domain/notifications/notify'
import { ADMIN, agencyWithToken, api, staffToken } from '../setup/api'
import { uploadedFile } from '../setup/payouts'
import { startWorker } from '../setup/worker'

const AFM = '/agencies/finance-management'
const OSHC = '/oshc/finance-management'
const INV = '/payment-system/invoice'

let stop: () => Promise<void>
let admin: string
let adminIdentity: number
beforeAll(async () => {
  stop = await startWorker()
  admin = await staffToken()
  const [me] = await getDb().select().from(identities).where(eq(identities.email, ADMIN.email))
  adminIdentity = me.id
})
afterAll(() => stop())

const lastNotification = async () =>
  (
    await getDb()
      .select({ n: sql<number>`coalesce(max(${notifications.id}), 0)::int` })
      .from(notifications)
  )[0].n

/** What `identityId` has unread among the notifications written after `since`, oldest first. */
async function unreadSince(identityId: number, since: number) {
  return getDb()
    .select({ event: notifications.event_type, title: notifications.title, link: notifications.link })
    .from(notificationReceivers)
    .innerJoin(notifications, eq(notifications.id, notificationReceivers.notification_id))
    .where(
      and(
        eq(notificationReceivers.identity_id, identityId),
        eq(notificationReceivers.status, 'UNREAD'),
        gt(notifications.id, since),
      ),
    )
    .orderBy(notifications.id)
}

const events = (rows: { event: string }[]) => rows.map((r) => r.event)

describe('notifications after a sale and its payment', () => {
  it('leave the admin one per policy whose certificate is due, and the agency none for invoices the system raised', async () => {
    const since = await lastNotification()
    const { agency, token } = await agencyWithToken()

    // A sale by bank transfer: the transfer waits for verification (an inbox task), nothing to issue yet.
    const { policy: byBank } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const bought = await api('POST', `${AFM}/purchasePolicy`, {
      token,
      body: { policy_id: byBank.id, payment_type: 'BANK', bank_document: await uploadedFile(agency.id) },
    })
    expect(bought.status, JSON.stringify(bought.body)).toBe(200)
    expect(await unreadSince(adminIdentity, since)).toEqual([])

    // Staff verify it: now its certificate is to be issued.
    const approved = await api('POST', `${OSHC}/paymentApprove`, {
      token: admin,
      body: { policyId: byBank.id },
    })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(await unreadSince(adminIdentity, since)).toEqual([
      {
        event: 'POLICY_PURCHASED',
        title: `Policy ${byBank.ref} purchased`,
        link: `/staff/policies/${byBank.id}`,
      },
    ])

    // A sale from the agency balance, paid at once.
    const { policy: byBalance } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    await postBalanceEntry(getDb(), {
      agencyId: agency.id,
      type: 'AGENCY_TOPUP',
      amount: byBalance.premium!,
      actor: 'test',
    })
    const paid = await api('POST', `${AFM}/purchasePolicy`, {
      token,
      body: { policy_id: byBalance.id, payment_type: 'AGENCY_BALANCE' },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)

    const adminSees = await unreadSince(adminIdentity, since)
    expect(events(adminSees)).toEqual(['POLICY_PURCHASED', 'POLICY_PURCHASED'])
    expect(adminSees.map((n) => n.link)).toEqual([
      `/staff/policies/${byBank.id}`,
      `/staff/policies/${byBalance.id}`,
    ])
    // The agency hears of its banked commission; the two premium invoices the sales raised (one
    // paid on the spot, one settled by the verified transfer) need nobody and tell nobody.
    expect(events(await unreadSince(agency.identity_id!, since))).toEqual([
      'COMMISSION_GENERATED',
      'COMMISSION_GENERATED',
    ])
  })

  it('an invoice staff raise for the agency to pay still tells the agency', async () => {
    const since = await lastNotification()
    const { agency } = await agencyWithToken()
    const r = await api('POST', `${INV}/createInvoiceWithLineItems`, {
      token: admin,
      body: { agency_id: agency.id, line_item_type: 'TOPUP', total_amount: 123.45 },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(await unreadSince(agency.identity_id!, since)).toEqual([
      {
        event: 'INVOICE_CREATED',
        title: `Invoice #${r.body.data.invoice_id}`,
        link: `/agency/finance/invoices/${r.body.data.invoice_id}`,
      },
    ])
  })

  it('groups: a second note on the same invoice replaces the unread first; another invoice or a read one does not', async () => {
    const since = await lastNotification()
    const { agency, token } = await agencyWithToken()
    const invoice = await api('POST', `${INV}/createInvoiceWithLineItems`, {
      token: admin,
      body: { agency_id: agency.id, line_item_type: 'TOPUP', total_amount: 50 },
    })
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201)
    const id = invoice.body.data.invoice_id as number
    const note = (invoiceId: number, title: string) =>
      api('POST', '/payment-system/invoice-payment-history/interactions', {
        token,
        body: { invoice_id: invoiceId, note_title: title, note: `${title}.` },
      })
    expect((await note(id, 'First question')).status).toBe(201)
    expect((await note(id, 'Second question')).status).toBe(201)
    const notes = (await unreadSince(adminIdentity, since)).filter((n) => n.event === 'ADDED_NOTE')
    expect(notes).toEqual([
      { event: 'ADDED_NOTE', title: `Note on invoice #${id}`, link: `/staff/finance/invoices/${id}` },
    ])
    const [latest] = await getDb()
      .select({ message: notifications.message })
      .from(notifications)
      .innerJoin(notificationReceivers, eq(notificationReceivers.notification_id, notifications.id))
      .where(
        and(
          eq(notificationReceivers.identity_id, adminIdentity),
          eq(notifications.event_type, 'ADDED_NOTE'),
          gt(notifications.id, since),
        ),
      )
    expect(latest.message).toBe('Second question')

    // Once read, the next note is news again.
    await getDb()
      .update(notificationReceivers)
      .set({ status: 'READ' })
      .where(eq(notificationReceivers.identity_id, adminIdentity))
    expect((await note(id, 'Third question')).status).toBe(201)
    expect(events(await unreadSince(adminIdentity, since))).toEqual(['ADDED_NOTE'])

    // Without a record named (no meta), nothing is grouped.
    const plain = (title: string) =>
      getDb().transaction((tx) =>
        notify(
          tx,
          { eventType: 'ADDED_NOTE', title, message: title, link: '/agency' },
          { agencyId: agency.id },
        ),
      )
    await plain('One')
    await plain('Two')
    expect(
      (await unreadSince(agency.identity_id!, since)).filter((n) => n.link === '/agency').map((n) => n.title),
    ).toEqual(['One', 'Two'])
  })
})
