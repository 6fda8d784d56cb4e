import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { getDb } from '../../db/client'
import { files } from '../../db/schema'
import { action, loader } from '../../app/routes/files+/$'
import { loader as openFile } from '../../app/routes/files+/open'
import { actorForToken } from '../../domain/access/sessions'
import type { Actor } from '../../domain/shared/actor'
import { clock } from '../../domain/shared/clock'
import { DomainError } from '../../domain/shared/errors'
import { assertFileUsable } from '../../domain/files/storage'
import { agencyWithToken, api, staffToken } from '../setup/api'

// Files of this test file go to their own directory (set before config() is first read).
const dataDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const dir = mkdtempSync(join(tmpdir(), 'oshc-files-'))
  process.env.DATA_DIR = dir
  return dir
})

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
])
const TYPE_MSG = 'File type must be one of pdf, jpeg, png, doc, docx'
const SIZE_MSG = 'File must be between 1 byte and 5 MB'

let staff: string
let agencyA: Awaited<ReturnType<typeof agencyWithToken>>
let agencyB: Awaited<ReturnType<typeof agencyWithToken>>

beforeAll(async () => {
  staff = await staffToken()
  agencyA = await agencyWithToken()
  agencyB = await agencyWithToken()
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

const uploadUrl = (token: string, body: Record<string, unknown>, call = 'getUploadPresignedUrl') =>
  api('POST', `/files/${call}`, { token, body })

const pdfBody = (filename = 'Signed agreement.pdf') => ({
  filename,
  content_type: 'application/pdf',
  size: PDF.length,
  folder: 'private',
})

/** Calls the route module as Remix would: the splat is the decoded path after /files/. */
const splatOf = (u: URL) => decodeURIComponent(u.pathname.replace(/^\/files\//, ''))

async function put(url: string, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
  const u = new URL(url)
  const request = new Request(u, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes })
  const res = await action({ request, params: { '*': splatOf(u) }, context: {} })
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string } }
}

async function get(url: string) {
  const u = new URL(url)
  return loader({ request: new Request(u), params: { '*': splatOf(u) }, context: {} })
}

const rowOf = async (key: string) => (await getDb().select().from(files).where(eq(files.key, key)))[0]

/** A PDF uploaded by `token`'s owner; returns its key. */
async function uploadedPdf(token: string) {
  const r = await uploadUrl(token, pdfBody())
  expect(r.status).toBe(200)
  expect((await put(r.body.data.url, PDF, 'application/pdf')).status).toBe(200)
  return r.body.data.key as string
}

describe('upload URL validation', () => {
  it('rejects a type outside pdf, jpeg, png, doc, docx', async () => {
    const r = await uploadUrl(agencyA.token, { ...pdfBody(), content_type: 'text/plain' })
    expect(r.status).toBe(400)
    expect(r.body.message).toBe(TYPE_MSG)
    expect(r.body.errors.content_type).toEqual([TYPE_MSG])
  })

  it('rejects sizes of 0 and 5,242,881 bytes and accepts 5,242,880', async () => {
    for (const size of [0, 5_242_881]) {
      const r = await uploadUrl(agencyA.token, { ...pdfBody(), size })
      expect(r.status).toBe(400)
      expect(r.body.errors.size).toEqual([SIZE_MSG])
    }
    const ok = await uploadUrl(agencyA.token, { ...pdfBody(), size: 5_242_880 })
    expect(ok.status).toBe(200)
  })

  it('rejects filenames shorter than 2 or longer than 200 characters', async () => {
    const short = await uploadUrl(agencyA.token, pdfBody('a'))
    expect(short.status).toBe(400)
    expect(short.body.errors.filename).toEqual(['must be at least 2 characters'])
    const long = await uploadUrl(agencyA.token, pdfBody(`${'x'.repeat(197)}.pdf`))
    expect(long.status).toBe(400)
    expect(long.body.errors.filename).toEqual(['must be at most 200 characters'])
  })

  it('rejects an unknown folder', async () => {
    const r = await uploadUrl(agencyA.token, { ...pdfBody(), folder: 'secrets' })
    expect(r.status).toBe(400)
    expect(r.body.errors.folder).toEqual(['Folder must be one of private, public, feedback, admission'])
  })

  it('puts a file sent without a folder (or with a blank one) in the private folder', async () => {
    const { folder: _folder, ...noFolder } = pdfBody()
    for (const body of [noFolder, { ...noFolder, folder: '' }]) {
      const r = await uploadUrl(agencyA.token, body)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.data.key).toMatch(/^private\//)
      expect((await rowOf(r.body.data.key)).folder).toBe('private')
    }
  })

  it('needs a session', async () => {
    expect((await api('POST', '/files/getUploadPresignedUrl', { body: pdfBody() })).status).toBe(401)
    expect(
      (await api('POST', '/files/getDownloadPresignedUrl', { body: { key: 'private/x.pdf' } })).status,
    ).toBe(401)
  })
})

describe('local upload and download', () => {
  it('round-trips a PDF: URL, PUT, download URL, GET', async () => {
    const r = await uploadUrl(agencyA.token, pdfBody())
    expect(r.status).toBe(200)
    const { url, key } = r.body.data as { url: string; key: string }
    expect(key).toMatch(/^private\/[0-9a-f-]{36}-Signed-agreement\.pdf$/)
    expect(url.startsWith(`http://test.local/files/upload/${key}?`)).toBe(true)
    const before = await rowOf(key)
    expect(before).toMatchObject({
      folder: 'private',
      filename: 'Signed agreement.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
      agency_id: agencyA.agency.id,
      uploaded_by: agencyA.agency.identity_id,
      uploaded_at: null,
    })

    // Nothing to download before the bytes arrive.
    const early = await api('POST', '/files/getDownloadPresignedUrl', { token: agencyA.token, body: { key } })
    expect(early.status).toBe(404)

    const putRes = await put(url, PDF, 'application/pdf')
    expect(putRes).toEqual({ status: 200, body: { success: true, message: 'File uploaded' } })
    expect((await rowOf(key)).uploaded_at).toBeInstanceOf(Date)
    expect(new Uint8Array(await readFile(path.join(dataDir, 'files', key)))).toEqual(PDF)

    // The same link cannot overwrite the stored file.
    expect((await put(url, PDF, 'application/pdf')).status).toBe(409)

    const d = await api('POST', '/files/getDownloadPresignedUrl', {
      token: agencyA.token,
      body: { key, content_type: 'application/pdf' },
    })
    expect(d.status).toBe(200)
    expect(d.body.data.key).toBe(key)
    expect(d.body.data.url.startsWith(`http://test.local/files/download/${key}?`)).toBe(true)

    const res = await get(d.body.data.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Signed agreement\.pdf"/)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF)
  })

  it('forces the folder on the public and private calls', async () => {
    const pub = await uploadUrl(agencyA.token, { ...pdfBody(), folder: 'private' }, 'getUploadPublicUrl')
    expect(pub.status).toBe(200)
    expect(pub.body.data.key).toMatch(/^public\//)
    expect((await rowOf(pub.body.data.key)).folder).toBe('public')
    const priv = await uploadUrl(agencyA.token, { ...pdfBody(), folder: 'public' }, 'getUploadPrivateUrl')
    expect(priv.status).toBe(200)
    expect(priv.body.data.key).toMatch(/^private\//)
  })

  it('refuses a tampered signature or a tampered size with 403', async () => {
    const r = await uploadUrl(agencyA.token, pdfBody())
    const url = new URL(r.body.data.url)
    const sig = url.searchParams.get('sig')!
    url.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`)
    const tampered = await put(url.toString(), PDF, 'application/pdf')
    expect(tampered).toEqual({ status: 403, body: { success: false, message: 'This link is not valid' } })

    const bigger = new URL(r.body.data.url)
    bigger.searchParams.set('size', '5000000')
    expect((await put(bigger.toString(), PDF, 'application/pdf')).status).toBe(403)
    expect((await rowOf(r.body.data.key)).uploaded_at).toBeNull()
  })

  it('refuses an upload link after 15 minutes and a download link after 5 with 403', async () => {
    const r = await uploadUrl(agencyA.token, pdfBody())
    const now = Date.now()
    vi.spyOn(clock, 'now').mockReturnValue(new Date(now + 16 * 60 * 1000))
    const late = await put(r.body.data.url, PDF, 'application/pdf')
    expect(late).toEqual({ status: 403, body: { success: false, message: 'This link has expired' } })
    vi.mocked(clock.now).mockReturnValue(new Date(now + 14 * 60 * 1000))
    expect((await put(r.body.data.url, PDF, 'application/pdf')).status).toBe(200)

    vi.mocked(clock.now).mockReturnValue(new Date(now))
    const d = await api('POST', '/files/getDownloadPresignedUrl', {
      token: agencyA.token,
      body: { key: r.body.data.key },
    })
    vi.mocked(clock.now).mockReturnValue(new Date(now + 6 * 60 * 1000))
    const res = await get(d.body.data.url)
    expect(res.status).toBe(403)
    expect(await res.text()).toBe('This link has expired')
  })

  it('refuses a PNG declared as a PDF, a wrong Content-Type header and a wrong size with 400', async () => {
    const r = await uploadUrl(agencyA.token, { ...pdfBody('picture.pdf'), size: PNG.length })
    const png = await put(r.body.data.url, PNG, 'application/pdf')
    expect(png).toEqual({
      status: 400,
      body: { success: false, message: 'The file content does not match its declared type' },
    })
    const header = await put(r.body.data.url, PNG, 'image/png')
    expect(header.status).toBe(400)
    expect(header.body.message).toBe('The Content-Type header must be application/pdf')
    expect((await rowOf(r.body.data.key)).uploaded_at).toBeNull()

    const s = await uploadUrl(agencyA.token, { ...pdfBody(), size: PDF.length + 1 })
    const short = await put(s.body.data.url, PDF, 'application/pdf')
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('The file size does not match the declared size')
  })
})

describe('who may download or use a file', () => {
  it("answers 404 for another agency's key and 200 for staff", async () => {
    const key = await uploadedPdf(agencyA.token)
    const other = await api('POST', '/files/getDownloadPresignedUrl', { token: agencyB.token, body: { key } })
    expect(other.status).toBe(404)
    expect(other.body).toMatchObject({ success: false, message: 'File not found' })
    const unknown = await api('POST', '/files/getDownloadPresignedUrl', {
      token: agencyA.token,
      body: { key: 'private/no-such-file.pdf' },
    })
    expect(unknown.status).toBe(404)
    const asStaff = await api('POST', '/files/getDownloadPresignedUrl', { token: staff, body: { key } })
    expect(asStaff.status).toBe(200)
  })

  it('lets an agency attach only its own uploaded files; staff any uploaded file', async () => {
    const actorA = (await actorForToken(agencyA.token)) as Actor
    const actorB = (await actorForToken(agencyB.token)) as Actor
    const actorStaff = (await actorForToken(staff)) as Actor
    const key = await uploadedPdf(agencyA.token)
    const pending = (await uploadUrl(agencyA.token, pdfBody())).body.data.key as string

    await expect(assertFileUsable(key, actorA, agencyA.agency.id)).resolves.toBeUndefined()
    await expect(assertFileUsable(key, actorStaff, agencyB.agency.id)).resolves.toBeUndefined()
    for (const [k, actor, agencyId] of [
      [key, actorB, agencyB.agency.id],
      [pending, actorA, agencyA.agency.id],
      [pending, actorStaff, agencyA.agency.id],
      ['private/no-such-file.pdf', actorStaff, agencyA.agency.id],
    ] as const) {
      const err = await assertFileUsable(k, actor, agencyId).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(DomainError)
      expect(err).toMatchObject({ code: 'VALIDATION', errors: { file_path: ['File not found'] } })
    }
  })
})

describe('opening a file from a page (GET /files/open?key=)', () => {
  /** The route as Remix calls it; a thrown redirect (to the sign-in page) is returned. */
  const open = (key: string, token?: string) =>
    openFile({
      request: new Request(`http://test.local/files/open?key=${encodeURIComponent(key)}`, {
        headers: token ? { cookie: `oshc_session=${token}` } : {},
      }),
      params: {},
      context: {},
    }).catch((thrown: unknown) => thrown as Response)

  it('sends whoever may see the file to a download link that works, and anyone else to "file not found"', async () => {
    const key = await uploadedPdf(agencyA.token)
    for (const token of [agencyA.token, staff]) {
      const res = await open(key, token)
      expect(res.status).toBe(302)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const download = await get(res.headers.get('location')!)
      expect(download.status).toBe(200)
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF)
    }
    for (const [k, token] of [
      [key, agencyB.token],
      ['private/no-such-file.pdf', staff],
      ['', staff],
    ] as const) {
      const res = await open(k, token)
      expect(res.status, k).toBe(302)
      expect(res.headers.get('location'), k).toBe('/files/unavailable?reason=missing')
    }
    const anonymous = await open(key)
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('location')).toBe(
      `/login?redirectTo=${encodeURIComponent(`/files/open?key=${encodeURIComponent(key)}`)}`,
    )
  })
})
