import { eq, like, or } from 'drizzle-orm'
import { agencies, agencyDocuments, customers, files, policies, policyPremiumPayments } from '../schema'
import type { Db } from '../client'
import { objectStore } from '../../domain/files/object-store'
import { formatCents } from '../../domain/shared/format'

/** PDF strings are bytes in parentheses: keep printable ASCII and escape what the syntax uses. */
const pdfText = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`)

/**
 * A valid one-page A4 PDF showing `lines` in Helvetica: enough for every viewer to open a seeded
 * document, built by hand so the seed needs no PDF library. The cross-reference table holds each
 * object's byte offset, which is why the body is assembled piece by piece.
 */
export function simplePdf(lines: string[]): Uint8Array {
  const text = lines
    .map(
      (line, i) =>
        `BT /F${i === 0 ? 2 : 1} ${i === 0 ? 16 : 11} Tf 72 ${770 - i * 24} Td (${pdfText(line)}) Tj ET`,
    )
    .join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  // Every character is ASCII, so string lengths above are byte offsets.
  return new TextEncoder().encode(body)
}

/**
 * Stores a generated PDF under `key` in the app's object store (local disk under DATA_DIR, or
 * S3) and records it as an uploaded file of `agencyId`, so a seeded record's document downloads
 * like an uploaded one. Safe to run again: the bytes are rewritten, the row kept.
 */
export async function seedPdf(
  db: Db,
  opts: { key: string; filename: string; agencyId: number; lines: string[] },
) {
  const bytes = simplePdf(opts.lines)
  await objectStore().put(opts.key, bytes, 'application/pdf')
  await db
    .insert(files)
    .values({
      key: opts.key,
      folder: 'private',
      filename: opts.filename,
      content_type: 'application/pdf',
      size: bytes.length,
      agency_id: opts.agencyId,
      uploaded_at: new Date(),
    })
    .onConflictDoNothing()
}

/** The seeded agreement of an agency (sent, or signed). */
export const seedAgreementPdf = (
  db: Db,
  o: {
    key: string
    filename: string
    agencyId: number
    agreementId: string
    company: string
    signed: boolean
  },
) =>
  seedPdf(db, {
    key: o.key,
    filename: o.filename,
    agencyId: o.agencyId,
    lines: [
      `${o.signed ? 'Signed agency' : 'Agency'} agreement ${o.agreementId}`,
      o.company,
      `Demo document: ${o.signed ? 'signed' : 'unsigned'} agreement.`,
    ],
  })

/** The seeded bank transfer receipt of a policy's premium payment. */
export const seedProofPdf = (
  db: Db,
  o: { key: string; agencyId: number; policyRef: string; amountCents: number; student: string },
) =>
  seedPdf(db, {
    key: o.key,
    filename: `payment-proof-${o.policyRef}.pdf`,
    agencyId: o.agencyId,
    lines: [
      `Payment proof for policy ${o.policyRef}`,
      `Bank transfer of ${formatCents(o.amountCents)} for ${o.student}`,
      'Demo document: bank transfer receipt.',
    ],
  })

/**
 * Seeded records written before the seed stored their files (a database from an earlier
 * `npm start`) get their PDFs now: every `private/seed-*` key without a file record.
 */
export async function backfillSeedFiles(db: Db) {
  const seeded = await db.select({ key: files.key }).from(files).where(like(files.key, 'private/seed-%'))
  const stored = new Set(seeded.map((f) => f.key))
  const docs = await db
    .select({
      agencyId: agencyDocuments.agency_id,
      agreementId: agencyDocuments.agreement_id,
      company: agencies.full_company_name,
      unsigned: agencyDocuments.unsigned_agreement,
      unsignedName: agencyDocuments.unsigned_agreement_filename,
      signed: agencyDocuments.signed_agreement,
      signedName: agencyDocuments.signed_agreement_filename,
    })
    .from(agencyDocuments)
    .innerJoin(agencies, eq(agencies.id, agencyDocuments.agency_id))
    .where(
      or(
        like(agencyDocuments.unsigned_agreement, 'private/seed-%'),
        like(agencyDocuments.signed_agreement, 'private/seed-%'),
      ),
    )
  for (const d of docs) {
    for (const [key, filename, signed] of [
      [d.unsigned, d.unsignedName, false],
      [d.signed, d.signedName, true],
    ] as const) {
      if (!key?.startsWith('private/seed-') || stored.has(key)) continue
      await seedAgreementPdf(db, {
        key,
        filename: filename ?? 'agreement.pdf',
        agencyId: d.agencyId,
        agreementId: d.agreementId ?? `AGR-${d.agencyId}`,
        company: d.company ?? 'Agency',
        signed,
      })
    }
  }
  const proofs = await db
    .select({
      key: policyPremiumPayments.bank_document,
      agencyId: policyPremiumPayments.agency_id,
      amount: policyPremiumPayments.amount,
      ref: policies.ref,
      first: customers.first_name,
      last: customers.last_name,
    })
    .from(policyPremiumPayments)
    .innerJoin(policies, eq(policies.id, policyPremiumPayments.policy_id))
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .where(like(policyPremiumPayments.bank_document, 'private/seed-%'))
  for (const p of proofs) {
    if (stored.has(p.key!)) continue
    await seedProofPdf(db, {
      key: p.key!,
      agencyId: p.agencyId,
      policyRef: p.ref,
      amountCents: p.amount,
      student: `${p.first} ${p.last}`,
    })
  }
}
