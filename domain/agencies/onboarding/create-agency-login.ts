import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { conflict, invalidTransition, notFound } from '../../shared/errors'
import { sendMail } from '../../mail/mailer'
import { mails } from '../../mail/templates'
import { hashPassword, temporaryPassword } from '../../access/passwords'
import { insertTemporaryLogin } from '../../access/identities'
import { recordAgencyHistory } from '../agency-history'
import { notifyWorkflow } from './workflow-signal'

/**
 * createAgencyInCognito (public): creates the agency's login once its e-mail is verified and mails
 * a temporary password, which must be changed at first sign-in. PENDING -> SIGN_UP_REQUEST_SENT.
 */
export async function createAgencyLogin(opts: { email: string }) {
  const db = getDb()
  const [agency] = await db
    .select()
    .from(agencies)
    .where(eq(sql`lower(${agencies.email})`, opts.email.toLowerCase()))
  if (!agency) throw notFound('Agency')
  if (agency.identity_id) throw conflict('A login already exists for this agency')
  if (!agency.is_email_verified)
    throw invalidTransition('Verify the e-mail address before creating the login')
  if (agency.status !== 'PENDING') throw invalidTransition(`The login cannot be created at ${agency.status}`)
  const password = temporaryPassword()
  const hash = await hashPassword(password)
  await db.transaction(async (tx) => {
    const identityId = await insertTemporaryLogin(tx, {
      email: agency.email,
      kind: 'Agency',
      passwordHash: hash,
    })
    await tx
      .update(agencies)
      .set({ identity_id: identityId, status: 'SIGN_UP_REQUEST_SENT' })
      .where(eq(agencies.id, agency.id))
    await recordAgencyHistory(tx, {
      agencyId: agency.id,
      action: 'LOGIN_CREATED',
      actor: `public:${agency.email}`,
      from: 'PENDING',
      to: 'SIGN_UP_REQUEST_SENT',
    })
  })
  await sendMail({ to: agency.email, ...mails.temporaryPassword(agency.email, password) })
  await notifyWorkflow(agency.id)
  return { agencyId: agency.id, email: agency.email, status: 'SIGN_UP_REQUEST_SENT' as const }
}
