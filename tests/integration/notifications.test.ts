// Notifications people see: the reads and marks of spec/03 §7 Notifications, the bell's count on
// the shell and its live stream, the page, and browser error reports.
import { beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { clientErrorReports, notificationReceivers } from '../../db/schema'
import { notify } from '../../domain/notifications/notify'
import { CLIENT_ERROR_LIMIT } from '../../domain/notifications/report-client-error'
import * as stream from '../../app/routes/notifications+/stream'
import * as agencyPage from '../../app/routes/agency+/notifications'
import * as agencyLayout from '../../app/routes/agency+/_layout'
import { agencyWithToken, api, staffToken } from '../setup/api'

type Agency = Awaited<ReturnType<typeof agencyWithToken>>
let a: Agency
let b: Agency
let staff: string

const send = (agencyId: number, title: string) =>
  getDb().transaction((tx) =>
    notify(
      tx,
      { eventType: 'ADDED_NOTE', title, message: `${title} message`, link: '/agency/policies' },
      { agencyId },
    ),
  )
const list = (token: string, query: Record<string, string> = {}) =>
  api('GET', '/notifications/getAllNotifications', { token, query })
const mark = (token: string, body: unknown) =>
  api('POST', '/notifications/updateNotificationReciever', { token, body })
const cookie = (token: string) => ({ headers: { cookie: `oshc_session=${token}` } })

beforeAll(async () => {
  staff = await staffToken()
  a = await agencyWithToken()
  b = await agencyWithToken()
})

describe('GET /notifications/getAllNotifications', () => {
  it("lists the caller's own, newest first or oldest first, filtered by read state, with the unread count", async () => {
    const first = await send(a.agency.id, 'First')
    const second = await send(a.agency.id, 'Second')
    await send(b.agency.id, 'For another agency')
    const r = await list(a.token)
    expect(r.status).toBe(200)
    expect(r.body.data.map((n: any) => n.id)).toEqual([second, first])
    expect(r.body.data[0]).toMatchObject({ title: 'Second', status: 'UNREAD', link: '/agency/policies' })
    expect(r.body.unread).toBe(2)
    expect(r.body.pageInfo).toMatchObject({ total: 2, page: 1 })
    expect((await list(a.token, { sort: 'asc' })).body.data.map((n: any) => n.id)).toEqual([first, second])
    expect((await list(a.token, { filter: 'read' })).body.data).toEqual([])
    expect((await list(a.token, { filter: 'nope' })).status).toBe(400)
    expect((await list(staff)).body.data.some((n: any) => n.id === first)).toBe(false)
    expect((await api('GET', '/notifications/getAllNotifications')).status).toBe(401)
  })
})

describe('POST /notifications/updateNotificationReciever', () => {
  it("marks one's own READ, UNREAD or DISMISSED; another's notification is a 404 and nothing changes", async () => {
    const mine = await send(a.agency.id, 'Mark me')
    const theirs = await send(b.agency.id, 'Not yours')
    expect((await mark(a.token, { notification_id: [mine, theirs!], status: 'READ' })).status).toBe(404)
    expect((await list(a.token, { filter: 'unread' })).body.data.some((n: any) => n.id === mine)).toBe(true)

    const read = await mark(a.token, { notification_id: mine, status: 'READ' })
    expect(read.status).toBe(200)
    expect(read.body.data.updated).toBe(1)
    expect((await list(a.token, { filter: 'read' })).body.data.map((n: any) => n.id)).toContain(mine)
    await mark(a.token, { notification_id: [mine], status: 'DISMISSED' })
    expect((await list(a.token)).body.data.map((n: any) => n.id)).not.toContain(mine)
    expect((await mark(a.token, { notification_id: [mine], status: 'GONE' })).status).toBe(400)
    expect((await mark(a.token, { notification_id: [mine], status: 'READ', userType: 'oshc' })).status).toBe(
      404,
    )
    expect(
      (
        await mark(a.token, {
          notification_id: [mine],
          status: 'READ',
          userType: 'agency',
          userId: b.agency.id,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await mark(a.token, {
          notification_id: [mine],
          status: 'READ',
          userType: 'agency',
          userId: a.agency.id,
        })
      ).status,
    ).toBe(200)
  })
})

describe('POST /notifications/notifyErrors', () => {
  it('stores a report for staff without echoing it, caps its size and rate-limits an IP', async () => {
    const report = (body: unknown) => api('POST', '/notifications/notifyErrors', { body })
    const long = 'x'.repeat(10_000)
    const r = await report({ error: `TypeError: boom ${long}`, meta: { path: '/agency' } })
    expect(r.status).toBe(201)
    expect(JSON.stringify(r.body)).not.toContain('boom')
    const [stored] = await getDb()
      .select()
      .from(clientErrorReports)
      .where(eq(clientErrorReports.client_ip, '127.0.0.1'))
      .limit(1)
    expect(stored.error.length).toBe(4000)
    expect((await report({ error: 'x', meta: { big: long } })).status).toBe(400)
    expect((await report({})).status).toBe(400)
  })

  it('answers 429 with Retry-After past the limit', async () => {
    let last = 201
    for (let i = 0; i <= CLIENT_ERROR_LIMIT.max && last !== 429; i++)
      last = (await api('POST', '/notifications/notifyErrors', { body: { error: `e${i}` } })).status
    expect(last).toBe(429)
  })
})

describe('the bell and the page', () => {
  it('shows the unread count in the shell and streams a new count when a notification commits', async () => {
    const c = await agencyWithToken()
    const shell = (await agencyLayout.loader({
      request: new Request('http://test.local/agency', cookie(c.token)),
      params: {},
      context: {},
    })) as { unread: number }
    expect(shell.unread).toBe(0)

    const controller = new AbortController()
    const res = (await stream.loader({
      request: new Request('http://test.local/notifications/stream', {
        ...cookie(c.token),
        signal: controller.signal,
      }),
      params: {},
      context: {},
    })) as Response
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const reader = res.body!.getReader()
    const next = async () => new TextDecoder().decode((await reader.read()).value)
    expect(await next()).toContain('"unread":0')
    await send(c.agency.id, 'Live')
    expect(await next()).toContain('"unread":1')
    controller.abort()
  })

  it("keeps the shell's count for a few seconds, until a change to it commits in any process", async () => {
    const c = await agencyWithToken()
    const shellCount = async () =>
      (
        (await agencyLayout.loader({
          request: new Request('http://test.local/agency', cookie(c.token)),
          params: {},
          context: {},
        })) as { unread: number }
      ).unread
    const notificationId = await send(c.agency.id, 'Counted')
    expect(await shellCount()).toBe(1)
    // A row written without announcing it (no NOTIFY): the kept count is still answered.
    await getDb()
      .update(notificationReceivers)
      .set({ status: 'READ' })
      .where(eq(notificationReceivers.notification_id, notificationId!))
    expect(await shellCount()).toBe(1)
    // Another process's announcement (its NOTIFY) drops the kept count.
    await getDb().execute(sql`select pg_notify('oshc_unread', ${String(c.agency.identity_id)})`)
    await expect.poll(shellCount, { timeout: 2000 }).toBe(0)
    // A change made here is answered at once, whenever its NOTIFY arrives.
    await send(c.agency.id, 'Again')
    expect(await shellCount()).toBe(1)
  })

  it('marks all read from the page, and opening one marks it read and follows its link', async () => {
    const c = await agencyWithToken()
    const id = await send(c.agency.id, 'Open me')
    await send(c.agency.id, 'And me')
    const post = (form: Record<string, string>) =>
      agencyPage.action({
        request: new Request('http://test.local/agency/notifications', {
          method: 'POST',
          headers: { cookie: `oshc_session=${c.token}`, origin: 'http://test.local' },
          body: new URLSearchParams(form),
        }),
        params: {},
        context: {},
      })
    const opened = (await post({
      intent: 'open',
      notificationId: String(id),
      link: '/agency/policies',
    })) as Response
    expect(opened.headers.get('location')).toBe('/agency/policies')
    const page = (await agencyPage.loader({
      request: new Request('http://test.local/agency/notifications', cookie(c.token)),
      params: {},
      context: {},
    })) as { unread: number }
    expect(page.unread).toBe(1)
    await post({ intent: 'read-all' })
    expect((await list(c.token, { filter: 'unread' })).body.data).toEqual([])
    const external = (await post({
      intent: 'open',
      notificationId: String(id),
      link: '//evil.example',
    })) as Response
    expect(external.headers.get('location')).toBe('http://test.local/agency/notifications')
  })
})
