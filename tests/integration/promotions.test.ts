import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { rm } from 'node:fs/promises'
import { getDb } from '../../db/client'
import { notificationReceivers, notifications, promotions } from '../../db/schema'
import { action as putFile, loader as getFile } from '../../app/routes/files+/$'
import * as editPage from '../../app/routes/staff+/promotions.$promotionId'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'

// Thumbnail bytes of this file go to their own directory (set before config() is first read).
const dataDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const dir = mkdtempSync(join(tmpdir(), 'oshc-promotions-'))
  process.env.DATA_DIR = dir
  return dir
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

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
  it('stores no script or inline-data address as the thumbnail or as a link (400 on the field / stripped)', async () => {
    for (const thumbnail of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>']) {
      const r = await api('POST', `${P}/add-promotion`, { token: staff, body: body({ thumbnail }) })
      expect(r.status, thumbnail).toBe(400)
      expect(Object.keys(r.body.errors), thumbnail).toEqual(['thumbnail'])
    }
    const links = await api('POST', `${P}/add-promotion`, {
      token: staff,
      body: body({
        description: '<p><a href="data:text/html,x">a</a> <a href="JaVaScRiPt:alert(1)">b</a></p>',
      }),
    })
    expect(links.status).toBe(201)
    expect(links.body.data.description).not.toMatch(/data:|javascript:/i)
  })

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
          eq(notifications.event_type, 'PROMOTION_PUBLISHED'),
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

  describe('thumbnail', () => {
    const PNG = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ])
    const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')
    const MSG = 'Upload the thumbnail as a PNG or JPEG image'
    const splatOf = (u: URL) => decodeURIComponent(u.pathname.replace(/^\/files\//, ''))

    /** Uploads through the presigned flow (getUploadPresignedUrl, then PUT); answers the key. */
    async function uploaded(folder: string, type: string, bytes: Uint8Array<ArrayBuffer>, filename: string) {
      const r = await api('POST', '/files/getUploadPresignedUrl', {
        token: staff,
        body: { filename, content_type: type, size: bytes.length, folder },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const u = new URL(r.body.data.url)
      const res = await putFile({
        request: new Request(u, { method: 'PUT', headers: { 'content-type': type }, body: bytes }),
        params: { '*': splatOf(u) },
        context: {},
      })
      expect(res.status).toBe(200)
      return r.body.data.key as string
    }

    it('is an image uploaded to the public folder; agencies get its address and the bytes', async () => {
      const key = await uploaded('public', 'image/png', PNG, 'banner.png')
      const created = await api('POST', `${P}/add-promotion`, {
        token: staff,
        body: body({ title: 'With a picture', status: 'PUBLISHED', thumbnail: key }),
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      expect(created.body.data).toMatchObject({ thumbnail: key, thumbnail_url: expect.any(String) })
      const seen = await api('GET', `${P}/get-promotions`, { token: A.token, query: { perPage: '100' } })
      const mine = seen.body.data.find((p: { id: number }) => p.id === created.body.data.id)
      expect(mine.thumbnail).toBe(key)
      const u = new URL(mine.thumbnail_url)
      const image = await getFile({ request: new Request(u), params: { '*': splatOf(u) }, context: {} })
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/png')
      expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG)

      // Another update keeps it; a blank one removes it.
      const kept = await api('POST', `${P}/update-promotion/${created.body.data.id}`, {
        token: staff,
        body: { title: 'With a picture (edited)' },
      })
      expect(kept.body.data.thumbnail).toBe(key)
      const removed = await api('POST', `${P}/update-promotion/${created.body.data.id}`, {
        token: staff,
        body: { thumbnail: '' },
      })
      expect(removed.body.data).toMatchObject({ thumbnail: null, thumbnail_url: null })
    })

    it('refuses a PDF, a private image and an unknown key on the thumbnail field', async () => {
      const pdf = await uploaded('public', 'application/pdf', PDF, 'flyer.pdf')
      const privateImage = await uploaded('private', 'image/png', PNG, 'secret.png')
      for (const thumbnail of [pdf, privateImage, 'public/no-such-file.png', 'https://example.com/x.png']) {
        const r = await api('POST', `${P}/add-promotion`, { token: staff, body: body({ thumbnail }) })
        expect(r.status, thumbnail).toBe(400)
        expect(r.body.errors.thumbnail).toEqual([MSG])
      }
    })

    it('the staff editor takes the image as a file upload and refuses other files on the field', async () => {
      const p = (await api('POST', `${P}/add-promotion`, { token: staff, body: body() })).body.data
      const url = `http://test.local/staff/promotions/${p.id}`
      const headers = { cookie: `oshc_session=${staff}`, origin: 'http://test.local' }
      const post = (file: File) => {
        const form = new FormData()
        for (const [k, v] of Object.entries({
          title: p.title,
          description: p.description,
          publish_date: p.publish_date,
          end_date: p.end_date,
          status: 'DRAFT',
          thumbnail: '',
        }))
          form.set(k, v)
        form.set('thumbnail_file', file)
        return editPage.action({
          request: new Request(url, { method: 'POST', body: form, headers }),
          params: { promotionId: String(p.id) },
          context: {},
        })
      }
      const saved = await post(new File([PNG], 'cover.png', { type: 'image/png' }))
      expect((saved as Response).status).toBe(302)
      const [row] = await getDb().select().from(promotions).where(eq(promotions.id, p.id))
      expect(row.thumbnail).toMatch(/^public\/.+-cover\.png$/)
      const page = await editPage.loader({
        request: new Request(url, { headers }),
        params: { promotionId: String(p.id) },
        context: {},
      })
      expect(page.promotion.thumbnail_url).toMatch(/\/files\/download\/public\//)

      const refused = (await post(new File([PDF], 'cover.pdf', { type: 'application/pdf' }))) as unknown as {
        init: { status: number }
        data: { error: Record<string, string[]> }
      }
      expect(refused.init.status).toBe(400)
      expect(refused.data.error.thumbnail).toEqual([MSG])
    })
  })
})
