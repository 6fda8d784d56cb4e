import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  feedbackComments,
  feedbackTickets,
  files,
  notificationReceivers,
  notifications,
} from '../../db/schema'
import { agencyUserWith, agencyWithToken, api, staffToken } from '../setup/api'
import * as agencyTicketPage from '../../app/routes/agency+/feedback.$ticketId'
import * as staffTicketPage from '../../app/routes/staff+/feedback.$ticketId'

const F = '/oshc/feedback'
let staff: string
let A: Awaited<ReturnType<typeof agencyWithToken>>
let B: Awaited<ReturnType<typeof agencyWithToken>>

beforeAll(async () => {
  staff = await staffToken()
  A = await agencyWithToken()
  B = await agencyWithToken()
})

const report = (token: string, over: Record<string, unknown> = {}) =>
  api('POST', `${F}/addFeedback`, {
    token,
    body: {
      title: 'Quote page is slow',
      description: 'It takes 5 seconds',
      type: 'BUG',
      priority: 'URGENT',
      ...over,
    },
  })

/** An uploaded file of `agencyId`, as the presigned upload leaves it. */
async function uploadedFileOf(agencyId: number) {
  const key = `feedback/${Date.now()}-${Math.random().toString(36).slice(2)}-shot.png`
  await getDb().insert(files).values({
    key,
    folder: 'feedback',
    filename: 'shot.png',
    content_type: 'image/png',
    size: 10,
    agency_id: agencyId,
    uploaded_at: new Date(),
  })
  return key
}

async function notified(identityId: number, titleLike: string) {
  return getDb()
    .select({ id: notifications.id, event: notifications.event_type })
    .from(notifications)
    .innerJoin(notificationReceivers, eq(notificationReceivers.notification_id, notifications.id))
    .where(and(eq(notificationReceivers.identity_id, identityId), eq(notifications.title, titleLike)))
}

describe('feedback tickets', () => {
  it('an agency reports a ticket (201) in BACKLOG with its reporter; another agency cannot see it (404)', async () => {
    const r = await report(A.token)
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body.data).toMatchObject({
      stage: 'BACKLOG',
      type: 'BUG',
      priority: 'URGENT',
      project_name: 'OSHC',
      is_archived: false,
      is_deleted: false,
      agency_id: A.agency.id,
      reporter: { email: A.agency.email },
    })
    const id = r.body.data.id
    expect((await api('GET', `${F}/getFeedbacksDetails/${id}`, { token: B.token })).status).toBe(404)
    expect(
      (await api('POST', `${F}/addComment`, { token: B.token, body: { ticket_id: id, content: 'Me too' } }))
        .status,
    ).toBe(404)
    const mine = await api('GET', `${F}/getFeedbacks`, { token: B.token, query: { perPage: '100' } })
    expect(mine.body.data.map((t: { id: number }) => t.id)).not.toContain(id)
  })

  it('attachments must be uploaded files the reporter may use: another agency’s key is 400 File not found', async () => {
    const theirs = await uploadedFileOf(B.agency.id)
    const mine = await uploadedFileOf(A.agency.id)
    for (const key of [theirs, 'feedback/never-uploaded.png']) {
      const r = await report(A.token, { attachments: [mine, key] })
      expect(r.status, key).toBe(400)
      expect(r.body.errors, key).toEqual({ attachments: ['File not found'] })
    }
    const ok = await report(A.token, { attachments: [mine] })
    expect(ok.status).toBe(201)
    const id = ok.body.data.id
    const swap = await api('POST', `${F}/updateFeedback/${id}`, {
      token: A.token,
      body: { attachments: [mine, theirs] },
    })
    expect(swap.status).toBe(400)
    expect(swap.body.errors).toEqual({ attachments: ['File not found'] })
    const [row] = await getDb().select().from(feedbackTickets).where(eq(feedbackTickets.id, id))
    expect(row.attachments).toEqual([mine])
    // Staff may attach any uploaded file.
    expect((await report(staff, { attachments: [theirs] })).status).toBe(201)
  })

  it('staff move it one stage at a time (409 for a jump); agencies may not move it (403)', async () => {
    const id = (await report(A.token)).body.data.id
    const jump = await api('POST', `${F}/updateFeedback/${id}`, { token: staff, body: { stage: 'DONE' } })
    expect(jump.status).toBe(409)
    expect(jump.body.message).toBe('A ticket moves one stage at a time: "Backlog" cannot go to "Done"')
    expect(
      (await api('POST', `${F}/updateFeedback/${id}`, { token: staff, body: { stage: 'TODO' } })).body.data
        .stage,
    ).toBe('TODO')
    expect(
      (await api('POST', `${F}/updateFeedback/${id}`, { token: A.token, body: { stage: 'IN_PROGRESS' } }))
        .status,
    ).toBe(403)
    const edited = await api('POST', `${F}/updateFeedback/${id}`, {
      token: A.token,
      body: { title: 'Quote page is very slow' },
    })
    expect(edited.body.data.title).toBe('Quote page is very slow')
    const colleague = await agencyUserWith(A.agency.id, ['quote'])
    expect(
      (await api('POST', `${F}/updateFeedback/${id}`, { token: colleague, body: { title: 'Not my ticket' } }))
        .status,
    ).toBe(403)
  })

  it('filters by stage, type, priority, project, archive, id, text and creation day', async () => {
    const a = (
      await report(A.token, {
        title: 'Needle in haystack',
        type: 'IMPROVEMENT',
        priority: 'LOW',
        project_name: 'YOUR_OVHC',
      })
    ).body.data
    const b = (await report(staff, { title: 'Another', type: 'NEW_FEATURE' })).body.data
    const list = (query: Record<string, string | string[]>) =>
      api('GET', `${F}/getFeedbacks`, { token: staff, query: { perPage: '100', ...query } }).then((r) =>
        r.body.data.map((t: { id: number }) => t.id),
      )
    expect(await list({ global_filter: 'Needle' })).toEqual([a.id])
    expect(await list({ id: String(a.id) })).toEqual([a.id])
    const lowImprovement = await list({ type: 'IMPROVEMENT', priority: 'LOW', project: 'YOUR_OVHC' })
    expect(lowImprovement).toContain(a.id)
    expect(lowImprovement).not.toContain(b.id)
    const today = new Date().toISOString().slice(0, 10)
    expect(await list({ created_from: today, created_to: today, type: ['NEW_FEATURE'] })).toContain(b.id)
    expect(await list({ created_to: '2020-01-01' })).toEqual([])
    await api('POST', `${F}/archiveFeedback/${a.id}`, { token: staff, query: { is_archive: 'true' } })
    expect(await list({ global_filter: 'Needle' })).toEqual([])
    expect(await list({ global_filter: 'Needle', is_archived: 'true' })).toEqual([a.id])
    expect(
      (await api('POST', `${F}/archiveFeedback/${a.id}`, { token: A.token, query: { is_archive: 'false' } }))
        .status,
    ).toBe(403)
  })

  it('comments: both sides write, only the author edits or deletes, and the other side is told', async () => {
    const t = (await report(A.token, { title: `Comment me ${Date.now()}` })).body.data
    const fromStaff = await api('POST', `${F}/addComment`, {
      token: staff,
      body: { ticket_id: t.id, content: 'Looking into it' },
    })
    expect(fromStaff.status).toBe(201)
    expect(fromStaff.body.data).toMatchObject({
      user_type: 'Oshc',
      is_mine: true,
      commentor: { email: expect.any(String) },
    })
    expect(await notified(A.agency.identity_id!, `Ticket #${t.id}: new comment`)).toEqual([
      { id: expect.any(Number), event: 'MESSAGE_SENT_BY_OSHC' },
    ])
    const fromAgency = await api('POST', `${F}/addComment`, {
      token: A.token,
      body: { ticket_id: t.id, content: 'Thanks' },
    })
    expect(fromAgency.body.data.user_type).toBe('Agency')
    // The agency and a user of the agency each tell staff, each under their own event type.
    const colleague = await agencyUserWith(A.agency.id, ['quote'])
    const fromUser = await api('POST', `${F}/addComment`, {
      token: colleague,
      body: { ticket_id: t.id, content: 'Seen here too' },
    })
    expect(fromUser.status, JSON.stringify(fromUser.body)).toBe(201)
    const toStaff = await getDb()
      .select({ event: notifications.event_type, link: notifications.link })
      .from(notifications)
      .where(
        and(
          eq(notifications.title, `Ticket #${t.id}: new comment`),
          inArray(notifications.event_type, ['MESSAGE_SENT_BY_AGENCY', 'MESSAGE_SENT_BY_AGENCY_USER']),
        ),
      )
      .orderBy(notifications.id)
    expect(toStaff).toEqual([
      { event: 'MESSAGE_SENT_BY_AGENCY', link: `/staff/feedback/${t.id}` },
      { event: 'MESSAGE_SENT_BY_AGENCY_USER', link: `/staff/feedback/${t.id}` },
    ])
    const cid = fromStaff.body.data.id
    expect(
      (await api('POST', `${F}/updateComment/${cid}`, { token: A.token, body: { content: 'Hijack' } }))
        .status,
    ).toBe(403)
    expect((await api('POST', `${F}/deleteComment/${cid}`, { token: A.token })).status).toBe(403)
    expect(
      (await api('POST', `${F}/updateComment/${cid}`, { token: staff, body: { content: 'On it' } })).body.data
        .content,
    ).toBe('On it')
    expect((await api('GET', `${F}/getCommentById/${cid}`, { token: A.token })).body.data).toMatchObject({
      content: 'On it',
      is_mine: false,
    })
    expect((await api('GET', `${F}/getCommentById/${cid}`, { token: B.token })).status).toBe(404)
    expect((await api('POST', `${F}/deleteComment/${cid}`, { token: staff })).status).toBe(200)
    const remaining = await api('GET', `${F}/getCommentsByTicketId/${t.id}`, { token: A.token })
    expect(remaining.body.data.map((c: { content: string }) => c.content)).toEqual([
      'Thanks',
      'Seen here too',
    ])
    const [kept] = await getDb().select().from(feedbackComments).where(eq(feedbackComments.id, cid))
    expect(kept.is_deleted).toBe(true)
    const details = await api('GET', `${F}/getFeedbacksDetails/${t.id}`, { token: staff })
    expect(details.body.data.comments).toHaveLength(2)
  })

  it('staff delete softly; the ticket is then gone for everyone (404) but kept', async () => {
    const t = (await report(A.token)).body.data
    expect((await api('POST', `${F}/deleteFeedback/${t.id}`, { token: A.token })).status).toBe(403)
    expect((await api('POST', `${F}/deleteFeedback/${t.id}`, { token: staff })).status).toBe(200)
    expect((await api('GET', `${F}/getFeedbacksDetails/${t.id}`, { token: staff })).status).toBe(404)
    const kept = await getDb()
      .select()
      .from(feedbackTickets)
      .where(inArray(feedbackTickets.id, [t.id]))
    expect(kept[0].is_deleted).toBe(true)
  })

  it('validates the ticket and the comment', async () => {
    const r = await report(A.token, { title: '', type: 'RANT' })
    expect(r.status).toBe(400)
    expect(r.body.errors).toMatchObject({
      title: ['must be at least 3 characters'],
      type: ['Choose BUG, NEW_FEATURE or IMPROVEMENT'],
    })
    const c = await api('POST', `${F}/addComment`, { token: staff, body: { ticket_id: 1, content: '' } })
    expect(c.body.errors.content).toEqual(['Comment is required'])
  })

  it('the ticket page: each form answers its own reply (Conform), a refusal names why', async () => {
    const t = (await report(A.token, { title: `Page forms ${Date.now()}` })).body.data
    const ORIGIN = 'http://test.local'
    const send = async (page: typeof staffTicketPage, token: string, fields: Record<string, string>) => {
      const form = new FormData()
      for (const [k, v] of Object.entries(fields)) form.set(k, v)
      const request = new Request(`${ORIGIN}/x/feedback/${t.id}`, {
        method: 'POST',
        body: form,
        headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
      })
      return (await page.action({ request, params: { ticketId: String(t.id) }, context: {} })) as any
    }
    const empty = await send(agencyTicketPage, A.token, { intent: 'comment', content: '  ' })
    expect(empty.init.status).toBe(400)
    expect(empty.data.error).toEqual({ content: ['Write a comment first'] })
    expect(empty.data.initialValue.intent).toBe('comment')

    const posted = await send(agencyTicketPage, A.token, { intent: 'comment', content: 'From the page' })
    expect(posted.status).toBe(302)
    const [mine] = await getDb()
      .select({ id: feedbackComments.id })
      .from(feedbackComments)
      .where(eq(feedbackComments.ticket_id, t.id))
    // Staff may not edit the agency's comment: the refusal is that form's message, with its id.
    const edit = await send(staffTicketPage, staff, {
      intent: 'edit-comment',
      comment_id: String(mine.id),
      content: 'Changed',
    })
    expect(edit.init.status).toBe(403)
    expect(edit.data.initialValue).toMatchObject({ intent: 'edit-comment', comment_id: String(mine.id) })
    expect(edit.data.error[''][0]).toMatch(/.+/)
    // An agency cannot move the stage; staff can.
    const agencyMove = await send(agencyTicketPage, A.token, { intent: 'stage', stage: 'TODO' })
    expect(agencyMove.init.status).toBe(403)
    expect((await send(staffTicketPage, staff, { intent: 'stage', stage: 'TODO' })).status).toBe(302)
    const badStage = await send(staffTicketPage, staff, { intent: 'stage', stage: 'LATER' })
    expect(badStage.data.error.stage).toEqual(['Choose BACKLOG, TODO, IN_PROGRESS or DONE'])
  })
})
