import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { conflictOnDuplicate } from '../../shared/errors'
import { sha256, randomToken } from '../../shared/crypto'
import { sendMail } from '../../mail/mailer'
import { mails } from '../../mail/templates'
import { recordAgencyHistory } from '../agency-history'
import { presentAgency } from '../agency-presenter'
import { assertEmailFree, DUPLICATE_AGENCY } from './agency-email'
import { notifyWorkflow } from './workflow-signal'

/**
 * Creates an invited (or referred) agency at PENDING with its registration link, mails the link
 * and starts its onboarding workflow. For use cases that have checked their caller: staff
 * invitations, and an agency's referral (addAgencyReferral). `by` labels the history row.
 */
export async function createInvitedAgency(opts: {
  by: string
  email: string
  mainBranchEmail?: string
  creationType?: 'INVITATION' | 'REFERRAL'
  referredById?: number
}) {
  await assertEmailFree(opts.email)
  const token = randomToken()
  const agency = await getDb()
    .transaction(async (tx) => {
      const [a] = await tx
        .insert(agencies)
        .values({
          email: opts.email,
          main_branch_email: opts.mainBranchEmail ?? null,
          creation_type: opts.creationType ?? 'INVITATION',
          invitation_token_hash: sha256(token),
          referred_by_id: opts.referredById ?? null,
          status: 'PENDING',
        })
        .returning()
      await recordAgencyHistory(tx, { agencyId: a.id, action: 'INVITED', actor: opts.by, to: 'PENDING' })
      return a
    })
    .catch(conflictOnDuplicate(DUPLICATE_AGENCY))
  await sendMail({ to: agency.email, ...mails.invitation(agency.id, token) })
  await notifyWorkflow(agency.id)
  return presentAgency(agency)
}

/**
 * Moves an unused invitation to a new address with a fresh link (the old link stops working), in
 * `tx`: the new link's token, for the caller to mail after commit.
 */
export async function reissueInvitation(tx: DbOrTx, agencyId: number, email: string) {
  const token = randomToken()
  await tx
    .update(agencies)
    .set({ email, invitation_token_hash: sha256(token) })
    .where(eq(agencies.id, agencyId))
  return token
}
