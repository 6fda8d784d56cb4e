import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bnplPaymentRequests } from '../../../db/schema'
import { isStaff, type Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { notFound } from '../../shared/errors'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { presignDownload } from '../../files/storage'
import { bnplRequestItems, presentBnplItem, presentBnplRequest } from './bnpl-requests'

/**
 * getBuyNowPayLaterPaymentById (agency side with finance or purchase: its own requests; another
 * agency's is 404) and getBuyNowPayLaterPaymentByIdForAdmin (staff with finance; `agencyId` must
 * match): the request with its policies (deadline, premium payment status) and, for a bank
 * settlement, a 5-minute download URL of its document.
 */
export const getBnplPaymentRequest = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getBnplPaymentRequest(opts: { actor: Actor; requestId: number; agencyId?: number }) {
    const { actor } = opts
    const [row] = await getDb()
      .select()
      .from(bnplPaymentRequests)
      .where(eq(bnplPaymentRequests.id, opts.requestId))
    if (!row || (opts.agencyId !== undefined && row.agency_id !== opts.agencyId))
      throw notFound('Buy now, pay later payment request')
    const agency = await assertAgencyAccess(actor, row.agency_id).catch(() => {
      throw notFound('Buy now, pay later payment request')
    })
    const items = await bnplRequestItems(getDb(), row.id)
    return {
      ...presentBnplRequest(row),
      agency: { id: agency.id, name: agency.full_company_name ?? agency.email },
      bank_document_url: row.bank_document ? await presignDownload(row.bank_document) : null,
      policies: items.map(presentBnplItem),
      ...(isStaff(actor) ? { created_by: row.created_by, decided_by: row.decided_by } : {}),
    }
  },
)
