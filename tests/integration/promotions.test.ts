import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { notificationReceivers, notifications, promotions } from '../../db/schema'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'

const P = '/oshc/promotion'
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
let staff: string
let A: Awaited<ReturnType<typeof agencyWithToken>>

beforeAll(async () => {
  staff = await staffToken()
  A = await agencyWithToken()
})

const body = (over: Record<string, unknown> = {}) => ({
  title: `Winter offer ${Date.now()}`,
  description: '<p>Save <strong>10%</strong></p>',
  publish_date: day(-1),
  end_date: day(30),
  ...over,
})

describe('promotions', () => {
  it('creates a draft (201) with the HTML sanitised: no script, no event attributes, no javascript: links', async () => {
    const r = await api('POST', `${P}/add-promotion`, {
      token: staff,
      body: body({
        description:
          '<p onclick="steal()">Hello<script>alert(1)</script> <img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a> <a href="https://example.com">ok</a></p>',
      }),
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body.data).toMatchObject({ status: 'DRAFT', creator: { id: expect.any(Number) } })
    const html = r.body.data.description as string
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|<img/)
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">ok</a>')
  })

  it('shows drafts to staff with isAdmin only; agencies see published ones running today', async () => {
    const draft = (
      await api('POST', `${P}/add-promotion`, { token: staff, body: body({ title: 'Draft one' }) })
    ).body.data
    const live = (
      await api('POST', `${P}/add-promotion`, {
        token: staff,
        body: body({ title: 'Live one', status: 'PUBLISHED' }),
      })
    ).body.data
    const future = (
      await api('POST', `${P}/add-promotion`, {
        token: staff,
        body: body({ title: 'Later', status: 'PUBLISHED', publish_date: day(5) }),
      })
    ).body.data
    const ids = (r: { body: { data: { id: number }[] } }) => r.body.data.map((p) => p.id)
    const admin = await api('GET', `${P}/get-promotions`, {
      token: staff,
      query: { isAdmin: 'true', perPage: '100' },
    })
    expect(ids(admin)).toEqual(expect.arrayContaining([draft.id, live.id, future.id]))
    const agency = await api('GET', `${P}/get-promotions`, {
      token: A.token,
      query: { isAdmin: 'true', perPage: '100' },
    })
    expect(ids(agency)).toContain(live.id)
    expect(ids(agency)).not.toContain(draft.id)
    expect(ids(agency)).not.toContain(future.id)
    expect((await api('GET', `${P}/get-promotions-details/${draft.id}`, { token: A.token })).status).toBe(404)
    expect(
      (await api('GET', `${P}/get-promotions-details/${live.id}`, { token: A.token })).body.data.title,
    ).toBe('Live one')
    const filtered = await api('GET', `${P}/get-promotions`, {
      token: staff,
      query: {
        isAdmin: 'true',
        global_filter: 'Later',
        publish_date_filter: day(1),
        sort_key: 'publish_date',
        sort_direction: 'true',
      },
    })
    expect(ids(filtered)).toEqual([future.id])
  })

  it('notifies agencies once when a draft is published', async () => {
    const draft = (
      await api('POST', `${P}/add-promotion`, {
        token: staff,
        body: body({ title: `Publish me ${Date.now()}` }),
      })
    ).body.data
    const published = await api('POST', `${P}/update-promotion/${draft.id}`, {
      token: staff,
      body: { status: 'PUBLISHED' },
    })
    expect(published.status).toBe(200)
    await api('POST', `${P}/update-promotion/${draft.id}`, {
      token: staff,
      body: { title: `${draft.title} (edited)` },
    })
    const sent = await getDb()
      .select({ id: notifications.id })
      .from(notifications)
      .innerJoin(notificationReceivers, eq(notificationReceivers.notification_id, notifications.id))
      .where(
        and(
          eq(notifications.title, `New promotion: ${draft.title}`),
          eq(notificationReceivers.identity_id, A.agency.identity_id!),
        ),
      )
    expect(sent).toHaveLength(1)
  })

  it('refuses agencies (403), bad dates (400) and deleted promotions (404)', async () => {
    expect((await api('POST', `${P}/add-promotion`, { token: A.token, body: body() })).status).toBe(403)
    const finance = await staffWith(['finance'])
    expect((await api('POST', `${P}/add-promotion`, { token: finance, body: body() })).status).toBe(403)
    const bad = await api('POST', `${P}/add-promotion`, { token: staff, body: body({ end_date: day(-5) }) })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.end_date).toEqual(['End date must be on or after the publish date'])
    const p = (await api('POST', `${P}/add-promotion`, { token: staff, body: body() })).body.data
    expect(
      (await api('POST', `${P}/update-promotion/${p.id}`, { token: A.token, body: { title: 'Mine now' } }))
        .status,
    ).toBe(403)
    expect((await api('POST', `${P}/delete-promotion/${p.id}`, { token: staff })).status).toBe(200)
    const [row] = await getDb().select().from(promotions).where(eq(promotions.id, p.id))
    expect(row.is_deleted).toBe(true)
    expect((await api('GET', `${P}/get-promotions-details/${p.id}`, { token: staff })).status).toBe(404)
  })
})
