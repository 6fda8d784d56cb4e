import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { agencyDocuments } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { isoDate } from '../../shared/clock'
import { invalidTransition } from '../../shared/errors'
import { assertFileUsable } from '../../files/storage'
import type { AgreementUploadSchema } from '../agencies.schemas'
import { recordAgencyHistory } from '../agency-history'
import { assertAgencyAccess } from '../agency-access'
import { notifyWorkflow } from './workflow-signal'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { getAgencyDocument } from './get-agency-document'

type Upload = z.infer<typeof AgreementUploadSchema>

/** uploadUnsignedAgencyAgreementDocument (staff): stores the agreement to be sent; no status change. */
export const uploadUnsignedAgreement = defineUseCase(
  { staff: ['agency_management'] },
  async function uploadUnsignedAgreement(opts: { actor: Actor; agencyId: number; input: Upload }) {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    if (!['COMPANY_DETAIL_DONE', 'CONFIGURATION_DONE', 'AGREEMENT_SENT'].includes(agency.status)) {
      throw invalidTransition(`An agreement cannot be uploaded while the agency is at ${agency.status}`)
    }
    await assertFileUsable(opts.input.file_path, opts.actor, opts.agencyId)
    const values = {
      agreement_id: opts.input.agreement_id ?? `AGR-${agency.id}-${clock.now().getTime()}`,
      unsigned_agreement: opts.input.file_path,
      unsigned_agreement_filename: opts.input.filename,
      unsigned_agreement_date: opts.input.date ?? isoDate(clock.now()),
    }
    const db = getDb()
    await db.transaction(async (tx) => {
      await tx
        .insert(agencyDocuments)
        .values({ agency_id: agency.id, ...values })
        .onConflictDoUpdate({ target: agencyDocuments.agency_id, set: values })
      await recordAgencyHistory(tx, {
        agencyId: agency.id,
        action: 'UNSIGNED_AGREEMENT_UPLOADED',
        actor: actorLabel(opts.actor),
        note: opts.input.filename,
      })
    })
    await notifyWorkflow(agency.id)
    return getAgencyDocument({ actor: opts.actor, agencyId: agency.id })
  },
)
