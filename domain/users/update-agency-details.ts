import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies } from '../../db/schema'
import { actorLabel, type AgencyActor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { recordAgencyHistory } from '../agencies/agency-history'
import { presentAgency } from '../agencies/agency-presenter'
import {
  setAgencyContactDetails,
  type AgencyContactDetails,
} from '../agencies/configuration/agency-contact-details'
import { assertOwnAgency } from './users.rules'
import { AgencyDetailsSchema, type AgencyDetailsInput } from './users.schemas'
import { validate } from './input-validation'
import { defineUseCase } from '../shared/authorize'

/**
 * updateAgencyDetails (the agency, or its user with user_management): contact person, contact number
 * and profile image of the caller's own agency; another agency's id is "not found". Absent fields
 * keep their value.
 */
export const updateAgencyDetails = defineUseCase(
  { agency: ['user_management'] },
  async function updateAgencyDetails(opts: { actor: AgencyActor; agencyId: number } & AgencyDetailsInput) {
    const { actor, agencyId, ...raw } = opts
    assertOwnAgency(actor, agencyId)
    const input = validate(AgencyDetailsSchema, raw)
    return getDb().transaction(async (tx) => {
      const [before] = await tx.select().from(agencies).where(eq(agencies.id, agencyId)).for('update')
      if (!before) throw notFound('Agency')
      const changes: AgencyContactDetails = {}
      if (input.contact_person !== undefined) changes.contact_person = input.contact_person
      if (input.contact_number !== undefined) changes.contact_number = input.contact_number
      if (input.profile_image !== undefined) changes.profile_image = input.profile_image
      if (!Object.keys(changes).length) return presentAgency(before)
      const after = await setAgencyContactDetails(tx, agencyId, changes)
      await recordAgencyHistory(tx, {
        agencyId,
        action: 'AGENCY_DETAILS_UPDATED',
        actor: actorLabel(actor),
        meta: {
          before: {
            contact_person: before.contact_person,
            contact_number: before.contact_number,
            profile_image: before.profile_image,
          },
          after: {
            contact_person: after.contact_person,
            contact_number: after.contact_number,
            profile_image: after.profile_image,
          },
        },
      })
      return presentAgency(after)
    })
  },
)
