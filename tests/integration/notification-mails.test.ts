import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { notificationReceivers } from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import { findOutbox, sendMail } from '../../domain/mail/mailer'
import { mailNotifications } from '../../domain/notifications/mail-notifications'
import { groupOf } from '../../domain/notifications/notifications.rules'
import { notify } from '../../domain/notifications/notify'
import * as settingsPage from '../../app/routes/agency+/notifications_.settings'
import { api, login } from '../setup/api'

const PASSWORD = 'Agency-Passw0rd!'
const ORIGIN = 'http://test.local'

async function agencyWithLogin() {
  const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED', password: PASSWORD })
  return { agency, token: await login(agency.email, PASSWORD) }
}

const note = (agencyId: number, eventType: string, title: string) =>
  getDb().transaction((tx) =>
    notify(tx, { eventType, title, message: `${title}.`, link: '/agency/policies' }, { agencyId }),
  )

const run = (mode: 'immediate' | 'daily') =>
  mailNotifications({ db: getDb(), mail: sendMail, now: new Date(), mode })

describe('notification mail settings', () => {
  it('each person reads and sets their own, per event group; defaults say so; bad input is a 400 on the field', async () => {
    const { token } = await agencyWithLogin()
    const other = await agencyWithLogin()
    const first = await api('GET', '/notifications/getNotificationPreferences', { token })
    expect(first.status).toBe(200)
    expect(first.body.data.find((g: { event_group: string }) => g.event_group === 'messages')).toMatchObject({
      delivery: 'IMMEDIATE',
      is_default: true,
    })
    const saved = await api('POST', '/notifications/updateNotificationPreferences', {
      token,
      body: { preferences: [{ event_group: 'sales', delivery: 'NONE' }] },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.find((g: { event_group: string }) => g.event_group === 'sales')).toMatchObject({
      delivery: 'NONE',
      is_default: false,
    })
    // Another person's settings are untouched.
    const theirs = await api('GET', '/notifications/getNotificationPreferences', { token: other.token })
    expect(theirs.body.data.find((g: { event_group: string }) => g.event_group === 'sales').delivery).toBe(
      'DAILY',
    )
    const bad = await api('POST', '/notifications/updateNotificationPreferences', {
      token,
      body: { preferences: [{ event_group: 'gossip', delivery: 'HOURLY' }] },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'preferences.0.delivery',
      'preferences.0.event_group',
    ])
    expect((await api('GET', '/notifications/getNotificationPreferences')).status).toBe(401)
  })

  it('groups event types: reminders and escalations first, then by name, the rest under other', () => {
    expect(groupOf('MESSAGE_SENT_BY_OSHC')).toBe('messages')
    expect(groupOf('CLAWBACK_REMINDER')).toBe('tasks')
    expect(groupOf('FULL_REFUND_ESCALATED')).toBe('tasks')
    expect(groupOf('CLAWBACK_COMPLETED')).toBe('commission')
    expect(groupOf('PAYMENT_LINK_EXPIRED')).toBe('sales')
    expect(groupOf('AMENDMENT_ACCEPTED')).toBe('after_sale')
    expect(groupOf('PORTAL_ACTIVATED')).toBe('onboarding')
    expect(groupOf('PROMOTION_PUBLISHED')).toBe('promotions')
    expect(groupOf('SOMETHING_NEW')).toBe('other')
  })

  it('mails at once what is wanted at once, once; the daily digest gathers the rest still unread, once; no mail and read ones are settled', async () => {
    const { agency, token } = await agencyWithLogin()
    await api('POST', '/notifications/updateNotificationPreferences', {
      token,
      body: { preferences: [{ event_group: 'onboarding', delivery: 'NONE' }] },
    })
    await note(agency.id, 'MESSAGE_SENT_BY_OSHC', 'Message from staff')
    await note(agency.id, 'POLICY_PURCHASED', 'Policy bought')
    await note(agency.id, 'COMMISSION_GENERATED', 'Commission banked')
    await note(agency.id, 'INVOICE_PAID', 'Invoice paid, already read')
    await note(agency.id, 'PORTAL_ACTIVATED', 'Portal active')
    const receivers = await getDb()
      .select()
      .from(notificationReceivers)
      .where(eq(notificationReceivers.identity_id, agency.identity_id!))
      .orderBy(notificationReceivers.id)
    const readOne = receivers.at(-2)!
    await getDb()
      .update(notificationReceivers)
      .set({ status: 'READ' })
      .where(eq(notificationReceivers.id, readOne.id))

    await run('immediate')
    await run('immediate')
    expect((await findOutbox(agency.email)).map((m) => m.subject)).toEqual(['Message from staff'])
    await run('daily')
    await run('daily')
    const mails = await findOutbox(agency.email)
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Message from staff',
      'Your daily digest: 2 notifications',
    ])
    const digest = mails.find((m) => m.subject.startsWith('Your daily digest'))!
    expect(digest.text).toContain('Policy bought')
    expect(digest.text).toContain('Commission banked')
    expect(digest.text).not.toContain('Portal active')
    expect(digest.text).not.toContain('already read')
    const left = await getDb()
      .select({ mailed: notificationReceivers.mailed_at })
      .from(notificationReceivers)
      .where(eq(notificationReceivers.identity_id, agency.identity_id!))
    expect(left.every((r) => r.mailed)).toBe(true)
  })

  it('the settings page shows every group and saves the form', async () => {
    const { token } = await agencyWithLogin()
    const cookie = { cookie: `oshc_session=${token}` }
    const args = (request: Request) => ({ request, params: {}, context: {} })
    const page = (await settingsPage.loader(
      args(new Request(`${ORIGIN}/agency/notifications/settings`, { headers: cookie })),
    )) as Awaited<ReturnType<typeof settingsPage.loader>>
    expect(page.groups.map((g) => g.event_group)).toEqual([
      'messages',
      'tasks',
      'sales',
      'commission',
      'after_sale',
      'onboarding',
      'promotions',
      'other',
    ])
    // Each group names the kinds of notification it holds.
    expect(page.groups.find((g) => g.event_group === 'sales')!.events).toEqual(
      expect.arrayContaining(['Invoice overdue', 'Payment link paid']),
    )
    const save = (form: FormData) =>
      settingsPage.action(
        args(
          new Request(`${ORIGIN}/agency/notifications/settings`, {
            method: 'POST',
            body: form,
            headers: { ...cookie, origin: ORIGIN },
          }),
        ),
      )
    const form = new FormData()
    for (const g of page.groups) form.set(g.event_group, g.event_group === 'tasks' ? 'DAILY' : g.delivery)
    // A delivery the form does not offer is that select's message (the house form's reply).
    const wrong = new FormData()
    for (const [k, v] of form) wrong.set(k, k === 'sales' ? 'HOURLY' : v)
    const refused = (await save(wrong)) as unknown as { init: { status: number }; data: any }
    expect(refused.init.status).toBe(400)
    expect(refused.data.error).toEqual({ sales: ['Choose how to be mailed'] })
    const saved = await save(form)
    expect((saved as Response).status).toBe(302)
    const after = await api('GET', '/notifications/getNotificationPreferences', { token })
    expect(after.body.data.find((g: { event_group: string }) => g.event_group === 'tasks')).toMatchObject({
      delivery: 'DAILY',
      is_default: false,
    })
  })

  it('a notification wanted at once is mailed even behind more than a page of others waiting for the digest', async () => {
    const { agency } = await agencyWithLogin()
    // 1,200 receivers waiting for tomorrow's digest, written before the message.
    await getDb().execute(sql`
      with n as (
        insert into notifications (event_type, title, message)
        select 'POLICY_PURCHASED', 'Bought ' || g, 'A policy was bought.' from generate_series(1, 1200) g
        returning id
      )
      insert into notification_receivers (notification_id, identity_id) select id, ${agency.identity_id} from n`)
    await note(agency.id, 'MESSAGE_SENT_BY_OSHC', 'Urgent message')
    const r = await run('immediate')
    expect(r.mailed).toBe(1)
    expect((await findOutbox(agency.email)).map((m) => m.subject)).toEqual(['Urgent message'])
    // The digest holds all 1,200 in one mail, listing 50 and counting the rest.
    await run('daily')
    const digest = (await findOutbox(agency.email)).find((m) => m.subject.startsWith('Your daily digest'))!
    expect(digest.subject).toBe('Your daily digest: 1200 notifications')
    expect(digest.text).toContain('…and 1150 more')
  })

  it('a later digest the same day holds only what came since, and a rerun sends nothing twice', async () => {
    const { agency } = await agencyWithLogin()
    await note(agency.id, 'INVOICE_CREATED', 'First invoice')
    await run('daily')
    await note(agency.id, 'INVOICE_CREATED', 'Second invoice')
    await run('daily')
    await run('daily')
    const digests = (await findOutbox(agency.email)).filter((m) => m.subject.startsWith('Your daily digest'))
    expect(digests).toHaveLength(2)
    expect(digests.map((d) => d.text.includes('First invoice')).sort()).toEqual([false, true])
    expect(digests.every((d) => d.subject === 'Your daily digest: 1 notification')).toBe(true)
  })
})
