import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../db/client'
import { agencies, agencyDocuments } from '../../db/schema'
import { actorLabel, isStaff, type Actor } from '../shared/actor'
import { isoDate } from '../shared/clock'
import { invalidTransition } from '../shared/errors'
import { workflows } from '../shared/ports'
import { assertFileUsable, presignDownload } from '../files/storage'
import type { AgreementUploadSchema } from './agencies.schemas'
import { recordAgencyHistory } from './agency-history'
import { assertAgencyAccess } from './get-agency'
import { notifyWorkflow } from './register-agency'
import { defineUseCase } from '../shared/authorize'
import { clock } from '../shared/clock'

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

/** sendUnsignedAgencyAgreementDocumentToAgency (staff): the onboarding workflow's agreementSent decision. */
export const sendAgreement = defineUseCase(
  { staff: ['agency_management'] },
  async function sendAgreement(opts: { actor: Actor; agencyId: number }) {
    await assertAgencyAccess(opts.actor, opts.agencyId)
    await workflows().decideOnboarding(opts.agencyId, 'agreementSent', actorLabel(opts.actor))
    return getAgencyDocument(opts)
  },
)

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
    })
    await notifyWorkflow(agency.id)
    return getAgencyDocument({ actor: opts.actor, agencyId: agency.id })
  },
)

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
