import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyBankDetails } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { getInvoice } from './get-invoice'
import { insurerDetails, isTaxInvoice, writeInvoicePdf } from './invoice-pdf'

/**
 * An invoice as a PDF download (issue 29): to the agency, a GST tax invoice (the insurer's name
 * and ABN, the agency's ABN, GST per line and in total); any other type a plain invoice. Whoever
 * may read the invoice (getInvoice: staff finance; the agency side, finance or purchase, for its
 * own) may download it; another agency's invoice is 404. Production without INSURER_NAME and
 * INSURER_ABN: 409 naming them. Reads only; the same invoice gives the same text every time.
 */
export const getInvoicePdf = defineUseCase(
  getInvoice.access,
  async function getInvoicePdf(opts: { actor: Actor; invoiceId: number }) {
    const invoice = await getInvoice({ actor: opts.actor, invoiceId: opts.invoiceId })
    const insurer = insurerDetails()
    const [bank] = await getDb()
      .select({ abn: agencyBankDetails.abn })
      .from(agencyBankDetails)
      .where(eq(agencyBankDetails.agency_id, invoice.agency_id))
    const content = await writeInvoicePdf({ invoice, agencyAbn: bank?.abn ?? null, insurer })
    const kind = isTaxInvoice(invoice) ? 'tax-invoice' : 'invoice'
    return { file_name: `${kind}-${invoice.id}.pdf`, content }
  },
)
