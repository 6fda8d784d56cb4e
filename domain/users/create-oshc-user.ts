import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { oshcRoles, oshcUsers } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { CreateOshcUserSchema, type CreateOshcUserInput } from './users.schemas'
import { assertEmailFree, createLogin, temporaryLogin, mailTemporaryPassword } from './logins'
import { loadOshcUser } from './user-loading'
import { presentOshcUser } from './user-presenters'
import { validate } from './input-validation'
import { defineUseCase } from '../shared/authorize'

/**
 * CreateOshcUser (staff with user_management): a staff login with a temporary password, mailed to the
 * new user, who must change it at first sign-in. 409 when the e-mail already has a login of any kind.
 */
export const createOshcUser = defineUseCase(
  { staff: ['user_management'] },
  async function createOshcUser(opts: { actor: StaffActor } & CreateOshcUserInput) {
    const { actor: _actor, ...raw } = opts
    const input = validate(CreateOshcUserSchema, raw)
    const db = getDb()
    const login = await temporaryLogin()
    const user = await db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email)
      if (input.role_id) {
        const [role] = await tx
          .select({ id: oshcRoles.id })
          .from(oshcRoles)
          .where(eq(oshcRoles.id, input.role_id))
        if (!role) throw notFound('Role')
      }
      const identityId = await createLogin(tx, input.email, 'Oshc', login.hash)
      const [created] = await tx
        .insert(oshcUsers)
        .values({
          identity_id: identityId,
          first_name: input.first_name,
          middle_name: input.middle_name ?? null,
          last_name: input.last_name,
          email: input.email,
          phone_number: input.phone_number ?? null,
          profile_image: input.profile_image ?? null,
          role_id: input.role_id ?? null,
        })
        .returning({ id: oshcUsers.id })
      return (await loadOshcUser(tx, created.id))!
    })
    await mailTemporaryPassword(input.email, login.password, 'Your OSHC back office login')
    return presentOshcUser(user)
  },
)
