import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { rm } from 'node:fs/promises'
import { createServer, type ViteDevServer } from 'vite'
import { eq, like } from 'drizzle-orm'
import path from 'node:path'
import { getDb } from '../../db/client'
import {
  files,
  agencyDocuments,
  policyFiles,
  policyPremiumPayments,
  policyCertificates,
} from '../../db/schema'
import { seedDemo } from '../../db/seed/demo'
import { presignDownload } from '../../domain/files/storage'
import { loader } from '../../app/routes/files+/$'
import { api, staffToken } from '../setup/api'

// Seeded files go to this test file's own directory (set before config() is first read).
const dataDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const dir = mkdtempSync(join(tmpdir(), 'oshc-demo-files-'))
  process.env.DATA_DIR = dir
  return dir
})

let staff: string
let vite: ViteDevServer | undefined
beforeAll(async () => {
  staff = await staffToken()
})
afterAll(async () => {
  await vite?.close()
  await rm(dataDir, { recursive: true, force: true })
})

/** Calls the files route as Remix would: the splat is the decoded path after /files/. */
async function download(url: string, headers: Record<string, string> = {}) {
  const u = new URL(url)
  const splat = decodeURIComponent(u.pathname.replace(/^\/files\//, ''))
  return loader({ request: new Request(u, { headers }), params: { '*': splat }, context: {} })
}

/** Every column that holds a file key, across the whole (freshly seeded) database. */
async function allFileKeys() {
  const db = getDb()
  const [docs, payments, proofs, certificates] = await Promise.all([
    db.select().from(agencyDocuments),
    db.select({ key: policyPremiumPayments.bank_document }).from(policyPremiumPayments),
    db.select({ key: policyFiles.url }).from(policyFiles),
    db.select({ key: policyCertificates.certificate_url }).from(policyCertificates),
  ])
  return [
    ...docs.flatMap((d) => [d.unsigned_agreement, d.signed_agreement]),
    ...payments.map((p) => p.key),
    ...proofs.map((p) => p.key),
    ...certificates.map((c) => c.key),
  ].filter((k): k is string => !!k)
}

/** A PDF a viewer opens: header, trailer, and a cross-reference table whose offsets hit each object. */
function expectValidPdf(bytes: Uint8Array) {
  const text = new TextDecoder('latin1').decode(bytes)
  expect(text.startsWith('%PDF-')).toBe(true)
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
  const xrefAt = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1])
  expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref')
  const entries = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
  expect(entries.length).toBeGreaterThan(0)
  entries.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true))
  return text
}

describe('seeded demo documents', () => {
  it('every file key the demo seed writes downloads as a PDF through a signed link', async () => {
    await seedDemo(getDb())
    const keys = await allFileKeys()
    // Agreements (sent, signed) and payment proofs (purchased, rejected, approved, issued).
    expect(keys.filter((k) => k.startsWith('private/seed-agreement-')).length).toBeGreaterThanOrEqual(4)
    expect(keys.filter((k) => k.startsWith('private/seed-signed-')).length).toBeGreaterThanOrEqual(3)
    expect(keys.filter((k) => k.startsWith('private/seed-proof-')).length).toBeGreaterThanOrEqual(4)

    for (const key of keys) {
      // The API's download link (needs the file's record) and the screens' link (presignDownload).
      const signed = await api('POST', '/files/getDownloadPresignedUrl', { token: staff, body: { key } })
      expect(signed.status, `${key}: ${JSON.stringify(signed.body)}`).toBe(200)
      for (const url of [signed.body.data.url as string, await presignDownload(key)]) {
        const res = await download(url, { accept: 'text/html,*/*' })
        expect(res.status, key).toBe(200)
        expect(res.headers.get('content-type')).toBe('application/pdf')
        expect(res.headers.get('content-disposition')).toMatch(/\.pdf"/)
        const text = expectValidPdf(new Uint8Array(await res.arrayBuffer()))
        expect(text).toMatch(key.includes('proof') ? /Payment proof for policy POL-/ : /agreement AGR-\d+/)
      }
    }
  })

  it('a database seeded before files were stored gets them on the next seed', async () => {
    const [payment] = await getDb()
      .select({ key: policyPremiumPayments.bank_document })
      .from(policyPremiumPayments)
      .where(like(policyPremiumPayments.bank_document, 'private/seed-proof-%'))
      .limit(1)
    const key = payment.key!
    await getDb().delete(files).where(eq(files.key, key))
    await rm(path.join(dataDir, 'files', key))
    expect((await download(await presignDownload(key))).status).toBe(404)

    await seedDemo(getDb())
    const res = await download(await presignDownload(key))
    expect(res.status).toBe(200)
    expectValidPdf(new Uint8Array(await res.arrayBuffer()))
  })
})

describe('a download with nothing behind it', () => {
  const missing = () => presignDownload('private/nothing-stored-here.pdf')

  it('a program (no text/html in Accept) still gets a plain 404', async () => {
    const res = await download(await missing(), { accept: '*/*' })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await res.text()).toBe('File not found')
  })

  it('a browser is sent to a 404 page with the app layout, its navigation and a way back', async () => {
    const res = await download(await missing(), {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    })
    expect(res.status).toBe(303)
    const location = res.headers.get('location')!
    expect(location).toBe('/files/unavailable?reason=missing')

    // The page itself, rendered by the real app (routes, root layout, entry) as a browser gets it.
    vite = await createServer({
      server: { middlewareMode: true, hmr: false },
      appType: 'custom',
      logLevel: 'silent',
    })
    const build = (await vite.ssrLoadModule('virtual:remix/server-build')) as ServerBuild
    const handle = createRequestHandler(build, 'production')
    const page = await handle(
      new Request(`http://test.local${location}`, {
        headers: { accept: 'text/html', cookie: `oshc_session=${staff}` },
      }),
    )
    expect(page.status).toBe(404)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain('<title>File not found · OSHC Back Office</title>')
    expect(html).toContain('This file is not available')
    // Signed-in staff keep their navigation, and the page links back to their home.
    expect(html).toMatch(/<a[^>]*href="\/staff"[^>]*>Back to home<\/a>/)
    expect(html).toMatch(/href="\/staff\/policies"/)

    // An expired or altered link says so (403) on the same page.
    const expired = await download((await presignDownload('private/x.pdf')).replace(/sig=[^&]+/, 'sig=bad'), {
      accept: 'text/html',
    })
    expect(expired.headers.get('location')).toBe('/files/unavailable?reason=link')
    const linkPage = await handle(new Request(`http://test.local/files/unavailable?reason=link`))
    expect(linkPage.status).toBe(403)
    expect(await linkPage.text()).toContain('Download links work for 5 minutes')
  })
})
