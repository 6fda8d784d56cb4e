import { and, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies, countries } from '../../../db/schema'
import { sha256 } from '../../shared/crypto'
import { conflict, conflictOnDuplicate, DomainError, notFound, validation } from '../../shared/errors'
import { botCheck } from '../../shared/recaptcha'
import { sendMail } from '../../mail/mailer'
import { mails } from '../../mail/templates'
import type { RegisterAgencyInput } from '../agencies.schemas'
import { recordAgencyHistory } from '../agency-history'
import { issueOtp, verifyPagePath } from './one-time-codes'
import { presentAgency } from '../agency-presenter'
import { assertEmailFree, DUPLICATE_AGENCY } from './agency-email'
import { notifyWorkflow } from './workflow-signal'

/**
 * registerAgency (public): self sign-up, or completion of an invitation when `token` is given.
 * Creates the agency at PENDING, mails a one-time code and starts its onboarding workflow.
 */
export async function registerAgency(opts: { input: RegisterAgencyInput; clientIp: string }) {
  const { input } = opts
  if (!(await botCheck().verify(input.recaptcha_token, opts.clientIp))) {
    throw validation('recaptcha_token', 'The bot check failed. Please try again.')
  }
  const db = getDb()
  const [country] = await db.select().from(countries).where(eq(countries.id, input.country_id))
  if (!country) throw validation('country_id', 'country_id is required')

  const invitedId = input.token ? await invitationFor(input.token, input.email) : undefined
  await assertEmailFree(input.email, invitedId)

  const details = {
    full_company_name: input.full_company_name,
    full_company_address: input.full_company_address,
    contact_person: input.contact_person,
    email: input.email,
    contact_number: input.contact_number,
    country_id: input.country_id,
  }
  const { agency, code } = await db
    .transaction(async (tx) => {
      const [agency] = invitedId
        ? await tx
            .update(agencies)
            .set(details)
            .where(and(eq(agencies.id, invitedId)))
            .returning()
        : await tx
            .insert(agencies)
            .values({ ...details, status: 'PENDING', creation_type: 'SELF_SIGNUP' })
            .returning()
      await recordAgencyHistory(tx, {
        agencyId: agency.id,
        action: invitedId ? 'INVITATION_ACCEPTED' : 'REGISTERED',
        actor: `public:${input.email}`,
        to: 'PENDING',
      })
      const code = await issueOtp(tx, agency.id)
      return { agency, code }
    })
    .catch(conflictOnDuplicate(DUPLICATE_AGENCY))

  await sendMail({ to: agency.email, ...mails.otp(code, verifyPagePath(agency.id)) })
  await notifyWorkflow(agency.id)
  // The verification page is reached by its signed link only (never by the sequential id).
  return { ...presentAgency(agency), country, path_by_status: verifyPagePath(agency.id) }
}

/** The invited agency the token names, still waiting and for this address: its id. */
async function invitationFor(token: string, email: string) {
  const [invited] = await getDb()
    .select()
    .from(agencies)
    .where(eq(agencies.invitation_token_hash, sha256(token)))
  if (!invited) throw notFound('Invitation')
  if (invited.status !== 'PENDING' || invited.is_email_verified)
    throw conflict('This invitation has already been used')
  if (invited.email.toLowerCase() !== email.toLowerCase()) {
    throw new DomainError('VALIDATION', 'Use the e-mail address the invitation was sent to', {
      email: ['Use the e-mail address the invitation was sent to'],
    })
  }
  return invited.id
}
