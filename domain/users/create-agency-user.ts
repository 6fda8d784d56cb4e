import { getDb } from '../../db/client'
import { agencyUsers } from '../../db/schema'
import { actorLabel, type AgencyActor } from '../shared/actor'
import { recordAgencyHistory } from '../agencies/agency-history'
import { CreateAgencyUserSchema, type CreateAgencyUserInput } from './users.schemas'
import { assertEmailFree, createLogin, temporaryLogin, mailTemporaryPassword } from './logins'
import { loadAgencyUser } from './user-loading'
import { presentAgencyUser } from './user-presenters'
import { validate } from './input-validation'
import { loadOwnAgencyRole } from './tenant-loaders'
import { defineUseCase } from '../shared/authorize'

/**
 * createAgencyUser (the agency, or its user with user_management): a user of the caller's agency
 * with a mailed temporary password. The role, when given, must be one of the agency's roles (404
 * otherwise); 409 when the e-mail already has a login.
 */
export const createAgencyUser = defineUseCase(
  { agency: ['user_management'] },
  async function createAgencyUser(opts: { actor: AgencyActor } & CreateAgencyUserInput) {
    const { actor, ...raw } = opts
    const input = validate(CreateAgencyUserSchema, raw)
    const agencyId = actor.agencyId
    const login = await temporaryLogin()
    const user = await getDb().transaction(async (tx) => {
      await assertEmailFree(tx, input.email)
      if (input.agency_role_id) await loadOwnAgencyRole(tx, agencyId, input.agency_role_id)
      const identityId = await createLogin(tx, input.email, 'agency_user', login.hash)
      const [created] = await tx
        .insert(agencyUsers)
        .values({
          identity_id: identityId,
          agency_id: agencyId,
          agency_role_id: input.agency_role_id ?? null,
          first_name: input.first_name,
          middle_name: input.middle_name ?? null,
          last_name: input.last_name,
          email: input.email,
          phone_number: input.phone_number ?? null,
          profile_image: input.profile_image ?? null,
        })
        .returning({ id: agencyUsers.id })
      await recordAgencyHistory(tx, {
        agencyId,
        action: 'AGENCY_USER_CREATED',
        actor: actorLabel(actor),
        note: input.email,
        meta: { agencyUserId: created.id, agencyRoleId: input.agency_role_id ?? null },
      })
      return (await loadAgencyUser(tx, created.id))!
    })
    await mailTemporaryPassword(input.email, login.password, 'Your agency portal login')
    return presentAgencyUser(user)
  },
)
