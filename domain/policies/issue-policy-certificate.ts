import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { customers, insuranceProviders, policyCertificates } from '../../db/schema'
import { sendMail } from '../mail/mailer'
import { policyMails } from '../mail/policy-mails'
import type { StaffActor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { readStoredFile } from './certificate-file'
import { assertCertificateFile, storeCertificate } from './certificate-storage'
import { lockPolicyFor, transitionPolicy } from './policy-history'
import type { IssueCertificateInput } from './policies.schemas'
import { loadPolicy, type PolicyRow } from './policy-loading'
import { defineUseCase } from '../shared/authorize'
import { clock } from '../shared/clock'
import { amendmentCertificateUploaded } from '../amendments/amendment-certificate'

async function currentCertificate(policyId: number) {
  const [c] = await getDb()
    .select()
    .from(policyCertificates)
    .where(and(eq(policyCertificates.policy_id, policyId), eq(policyCertificates.certificate_type, 'new')))
    .orderBy(desc(policyCertificates.id))
    .limit(1)
  return c
}

/**
 * issuePolicyCertificate (staff 'policy_management'): issues the uploaded certificate ->
 * CERTIFICATE_ISSUED and mails it to the student as an attachment unless shouldSendEmail is false.
 * With a certificate file in the body it is uploaded first (both steps in one transaction). Not
 * CERTIFICATE_UPLOADED (after the optional upload) is a 409. The mail goes out after commit; an
 * unreadable file is refused (409) before anything changes.
 */
export const issuePolicyCertificate = defineUseCase(
  { staff: ['policy_management'] },
  async function issuePolicyCertificate(opts: {
    actor: StaffActor
    policyId: number
    input: IssueCertificateInput
  }) {
    const { actor, input } = opts
    const found = await loadPolicy(actor, opts.policyId)
    const upload = input.certificate_url
      ? {
          certificate_url: input.certificate_url,
          certificate_name: input.certificate_name ?? 'certificate.pdf',
          membership_number: input.membership_number ?? '',
          policy_number: input.policy_number,
        }
      : null
    if (upload) await assertCertificateFile(upload.certificate_url, actor, found.agency_id)
    const before = upload ? null : await currentCertificate(found.id)
    const fileKey = upload?.certificate_url ?? before?.certificate_url
    // Read the attachment before changing anything: an unreadable file must not leave an issued policy unmailed.
    const attachment = input.shouldSendEmail && fileKey ? await readStoredFile(fileKey) : null

    const result = await getDb().transaction(async (tx) => {
      const certificate = upload
        ? await storeCertificate(tx, await lockPolicyFor(tx, found.id, 'uploadCertificate'), upload, actor)
        : before
      const policy = await lockPolicyFor(tx, found.id, 'issueCertificate')
      if (!certificate) throw notFound('Certificate')
      await tx
        .update(policyCertificates)
        .set({ issued_at: clock.now() })
        .where(eq(policyCertificates.id, certificate.id))
      await transitionPolicy(tx, policy, 'issueCertificate', {
        actor,
        note: input.shouldSendEmail
          ? 'Certificate issued and e-mailed to the student'
          : 'Certificate issued (no e-mail)',
        meta: { certificate_id: certificate.id, shouldSendEmail: input.shouldSendEmail },
      })
      return { policy, certificate }
    })
    if (upload) await amendmentCertificateUploaded(found.id)

    const emailedTo =
      input.shouldSendEmail && attachment
        ? await mailCertificate(found, result.certificate, attachment)
        : null
    return {
      policy_id: found.id,
      status: 'CERTIFICATE_ISSUED' as const,
      certificate_id: result.certificate.id,
      emailed_to: emailedTo,
    }
  },
)

/** After commit: mails the issued certificate to the student; the address mailed, or null without one. */
async function mailCertificate(
  policy: PolicyRow,
  certificate: typeof policyCertificates.$inferSelect,
  attachment: NonNullable<Awaited<ReturnType<typeof readStoredFile>>>,
) {
  const [student] = await getDb().select().from(customers).where(eq(customers.id, policy.customer_id))
  if (!student?.email) return null
  const [provider] = policy.insurance_provider_id
    ? await getDb()
        .select({ display_name: insuranceProviders.display_name })
        .from(insuranceProviders)
        .where(eq(insuranceProviders.id, policy.insurance_provider_id))
    : []
  const mail = policyMails.certificateIssued({
    studentName: `${student.first_name} ${student.last_name}`,
    ref: policy.ref,
    insurer: provider?.display_name ?? 'your insurer',
    membershipNumber: certificate.membership_number,
    policyNumber: certificate.policy_number ?? policy.policy_number,
    startDate: policy.start_date,
    endDate: policy.end_date,
    certificateName: certificate.certificate_name,
  })
  await sendMail({ to: student.email, ...mail, attachments: [attachment] })
  return student.email
}
