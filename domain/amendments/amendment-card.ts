// Paying an amendment's difference by card: a checkout of the configured gateway on the
// amendment's invoice (stored like any invoice checkout), returning to the amendment page.
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { invoices } from '../../db/schema'
import { config } from '../shared/config'
import { randomToken } from '../shared/crypto'
import { notFound } from '../shared/errors'
import { cardGateway, SESSION_PLACEHOLDER } from '../card-payments/card-gateway'
import { storeInvoiceCheckout } from '../finance/invoices/invoice-card'
import type { AmendmentRow } from './amendment-loading'
import { agencyLinks } from '../shared/links'

/** Where the agency lands after the card checkout of an amendment. */
export const amendmentCheckoutReturn = (policyId: number) => {
  const base = new URL(agencyLinks.amendmentCard(policyId), config().APP_URL).toString()
  return {
    successUrl: `${base}?checkout=success&session_id=${SESSION_PLACEHOLDER}`,
    cancelUrl: `${base}?checkout=cancel`,
  }
}

/** Opens the checkout for the amendment's payable amount and stores it (PENDING) on its invoice. */
export async function openAmendmentCheckout(a: AmendmentRow, createdBy: number | null) {
  if (!a.invoice_id) throw notFound('Invoice')
  const [invoice] = await getDb().select().from(invoices).where(eq(invoices.id, a.invoice_id))
  if (!invoice) throw notFound('Invoice')
  const gateway = cardGateway()
  const ref = `CA-${randomToken(12)}`
  const urls = amendmentCheckoutReturn(a.policy_id)
  const session = await gateway.createCheckout({
    reference: ref,
    amountCents: a.payable_amount,
    currency: 'AUD',
    description: `Amendment #${a.id} (invoice #${invoice.id})`,
    ...urls,
  })
  const opened = { ref, gateway: gateway.name, session, amountCents: a.payable_amount, ...urls }
  return getDb().transaction((tx) => storeInvoiceCheckout(tx, { opened, invoice, createdBy }))
}
