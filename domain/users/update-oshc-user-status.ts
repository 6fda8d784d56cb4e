import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { oshcUsers } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { assertNotSelfDisable } from './users.rules'
import { OshcUserStatusSchema, type UserStatus } from './users.schemas'
import { loadOshcUser } from './user-loading'
import { presentOshcUser } from './user-presenters'
import { validate } from './input-validation'
import { revokeSessions } from '../access/sessions'
import { defineUseCase } from '../shared/authorize'

/**
 * UpdateOshcUserStatus (staff with user_management): ENABLED or DISABLED. Disabling signs the user
 * out everywhere (their sessions are deleted); nobody disables themselves. Idempotent.
 */
export const updateOshcUserStatus = defineUseCase(
  { staff: ['user_management'] },
  async function updateOshcUserStatus(opts: { actor: StaffActor; userId: number; status: UserStatus }) {
    const { actor, userId } = opts
    const { status } = validate(OshcUserStatusSchema, { status: opts.status })
    return getDb().transaction(async (tx) => {
      const existing = await loadOshcUser(tx, userId)
      if (!existing) throw notFound('User')
      assertNotSelfDisable(actor.userId, userId, status)
      if (existing.status !== status)
        await tx.update(oshcUsers).set({ status }).where(eq(oshcUsers.id, userId))
      if (status === 'DISABLED') await revokeSessions(existing.identity_id, { tx })
      return presentOshcUser((await loadOshcUser(tx, userId))!)
    })
  },
)
