import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { agencies, agencyDocuments } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { isoDate } from '../../shared/clock'
import { invalidTransition } from '../../shared/errors'
import { assertFileUsable } from '../../files/storage'
import type { AgreementUploadSchema } from '../agencies.schemas'
import { recordAgencyHistory } from '../agency-history'
import { noticeOnboarding } from '../onboarding-notices'
import { assertAgencyAccess } from '../agency-access'
import { notifyWorkflow } from './workflow-signal'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { getAgencyDocument } from './get-agency-document'

type Upload = z.infer<typeof AgreementUploadSchema>

/** uploadSignedAgencyAgreementDocument (agency or staff): AGREEMENT_SENT -> AGREEMENT_SIGNED. */
export const uploadSignedAgreement = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function uploadSignedAgreement(opts: { actor: Actor; agencyId: number; input: Upload }) {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    await assertFileUsable(opts.input.file_path, opts.actor, opts.agencyId)
    const db = getDb()
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(agencies).where(eq(agencies.id, agency.id)).for('update')
      if (locked.status !== 'AGREEMENT_SENT') {
        throw invalidTransition(
          `A signed agreement can only be uploaded after the agreement is sent (the agency is at ${locked.status})`,
        )
      }
      const values = {
        signed_agreement: opts.input.file_path,
        signed_agreement_filename: opts.input.filename,
        signed_agreement_date: opts.input.date ?? isoDate(clock.now()),
      }
      await tx.update(agencyDocuments).set(values).where(eq(agencyDocuments.agency_id, agency.id))
      await tx.update(agencies).set({ status: 'AGREEMENT_SIGNED' }).where(eq(agencies.id, agency.id))
      await recordAgencyHistory(tx, {
        agencyId: agency.id,
        action: 'SIGNED_AGREEMENT_UPLOADED',
        actor: actorLabel(opts.actor),
        from: 'AGREEMENT_SENT',
        to: 'AGREEMENT_SIGNED',
        note: opts.input.filename,
      })
      await noticeOnboarding(tx, 'AGREEMENT_SIGNED', {
        id: agency.id,
        name: locked.full_company_name ?? locked.email,
      })
    })
    await notifyWorkflow(agency.id)
    return getAgencyDocument({ actor: opts.actor, agencyId: agency.id })
  },
)
