// The documents of a paid commission payout: its remittance advice (issue 29) and, for an agency
// registered for GST, a recipient-created tax invoice (issue 25). Downloaded from the payout pages
// and attached to the mail that tells the agency its payout was paid.
import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { agencyBankDetails } from '../../../db/schema'
import { config } from '../../shared/config'
import { conflict } from '../../shared/errors'
import { logError } from '../../shared/log'
import type { MailAttachment } from '../../mail/mailer'
import { insurerDetails } from '../pdf-writer'
import { loadPayoutDetail } from './payout-detail'
import { writeRctiPdf } from './rcti-pdf'
import { writeRemittancePdf, type PdfPayout } from './remittance-pdf'

export type PayoutDocument = { file_name: string; content: Uint8Array<ArrayBuffer> }

/** The agency's ABN and GST registration, from its (verified) payout details. */
async function taxOf(db: DbOrTx, agencyId: number) {
  const [bank] = await db
    .select({ abn: agencyBankDetails.abn, gst: agencyBankDetails.is_gst_registered })
    .from(agencyBankDetails)
    .where(eq(agencyBankDetails.agency_id, agencyId))
  return { abn: bank?.abn ?? null, gstRegistered: bank?.gst === true }
}

/** 409 unless the payout was paid: its documents are written once it is approved. */
function assertPaid(payout: PdfPayout, document: string) {
  if (payout.status !== 'APPROVED')
    throw conflict(`Payout #${payout.id} is not paid: a ${document} is written once it is approved`)
}

/** The remittance advice of a paid payout; 409 when it is not paid or the insurer's details are missing. */
export async function remittanceDocument(payout: PdfPayout, db: DbOrTx = getDb()): Promise<PayoutDocument> {
  assertPaid(payout, 'remittance advice')
  const insurer = insurerDetails(config(), 'remittance advice')
  const { abn } = await taxOf(db, payout.agency_id)
  const content = await writeRemittancePdf({ payout, agencyAbn: abn, insurer })
  return { file_name: `remittance-${payout.id}.pdf`, content }
}

/** The RCTI of a paid payout to an agency registered for GST; 409 otherwise. */
export async function rctiDocument(payout: PdfPayout, db: DbOrTx = getDb()): Promise<PayoutDocument> {
  assertPaid(payout, 'recipient created tax invoice')
  const insurer = insurerDetails(config(), 'recipient created tax invoice')
  const { abn, gstRegistered } = await taxOf(db, payout.agency_id)
  if (!gstRegistered)
    throw conflict(
      `Payout #${payout.id} has no recipient created tax invoice: its agency is not registered for GST`,
    )
  return {
    file_name: `rcti-${payout.id}.pdf`,
    content: await writeRctiPdf({ payout, agencyAbn: abn, insurer }),
  }
}

/**
 * What the paid mail carries: the remittance advice, and the RCTI for an agency registered for GST.
 * A document that cannot be written (the insurer's details not set) is left out and logged: the
 * mail still goes, and the documents stay downloadable from the payout page.
 */
export async function payoutMailAttachments(db: DbOrTx, payoutId: number): Promise<MailAttachment[]> {
  try {
    const payout = await loadPayoutDetail(payoutId, { agencyVisibleOnly: false }, db)
    const docs = [await remittanceDocument(payout, db)]
    if ((await taxOf(db, payout.agency_id)).gstRegistered) docs.push(await rctiDocument(payout, db))
    return docs.map((d) => ({
      filename: d.file_name,
      content: Buffer.from(d.content),
      contentType: 'application/pdf',
    }))
  } catch (err) {
    logError(`payout #${payoutId}: its documents were not attached to the paid mail`, err)
    return []
  }
}
