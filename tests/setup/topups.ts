// A bank top-up waiting for staff, as an agency asks for one through the API: one fixture for the
// statement, bulk-decision, inbox and metrics tests.
import { expect } from 'vitest'
import { getDb } from '../../db/client'
import { files } from '../../db/schema'
import { api } from './api'

let seq = 0

/** A receipt uploaded by the agency (or by staff: null), as the presigned upload leaves it: its key. */
export async function uploadedReceipt(agencyId: number | null) {
  const key = `private/receipt-${Date.now().toString(36)}-${++seq}.pdf`
  await getDb().insert(files).values({
    key,
    folder: 'private',
    filename: 'receipt.pdf',
    content_type: 'application/pdf',
    size: 10,
    agency_id: agencyId,
    uploaded_at: new Date(),
  })
  return key
}

/** A BANK top-up of `amount` (AUD) paid on `topupDate`, REQUESTED by the agency: its id. */
export async function requestedBankTopup(
  agency: { agencyId: number; token: string },
  amount: number,
  topupDate: string,
) {
  const r = await api('POST', '/agencies/finance-management/doTopUpByAgency', {
    token: agency.token,
    body: {
      agency_id: agency.agencyId,
      payment_method: 'BANK',
      receipt_url: await uploadedReceipt(agency.agencyId),
      amount,
      topup_date: topupDate,
    },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.data.topup.id as number
}
