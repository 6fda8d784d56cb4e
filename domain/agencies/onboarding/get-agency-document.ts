import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyDocuments } from '../../../db/schema'
import { isStaff, type Actor } from '../../shared/actor'
import { presignDownload } from '../../files/storage'
import { assertAgencyAccess } from '../agency-access'
import { defineUseCase } from '../../shared/authorize'

/** getAgencyDocument: the agreement record with short-lived download URLs. */
export const getAgencyDocument = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function getAgencyDocument(opts: { actor: Actor; agencyId: number }) {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    const [doc] = await getDb().select().from(agencyDocuments).where(eq(agencyDocuments.agency_id, agency.id))
    if (!doc)
      return {
        agency_id: agency.id,
        agreementData: null,
        unsignedAgreementUrl: null,
        signedAgreementUrl: null,
      }
    // The agency sees the unsigned agreement only once it has been sent.
    const mayReadUnsigned = isStaff(opts.actor) || doc.is_unsigned_agreement_sent
    return {
      ...doc,
      agreementData: {
        agreement_id: doc.agreement_id,
        status: agency.status,
        is_unsigned_agreement_sent: doc.is_unsigned_agreement_sent,
      },
      unsignedAgreementUrl:
        doc.unsigned_agreement && mayReadUnsigned ? await presignDownload(doc.unsigned_agreement) : null,
      signedAgreementUrl: doc.signed_agreement ? await presignDownload(doc.signed_agreement) : null,
    }
  },
)
