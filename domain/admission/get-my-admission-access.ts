import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionAgencyLinks } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'

/** GET /oshc/your-admission/getMyAdmissionAccess (agency side): whether the agency is linked and active. */
export const getMyAdmissionAccess = defineUseCase(
  { agency: true },
  async function getMyAdmissionAccess(opts: { actor: Actor }) {
    const { actor } = opts
    if (!isAgencySide(actor)) return { linked: false, is_active: false }
    const [link] = await getDb()
      .select({ is_active: admissionAgencyLinks.is_active })
      .from(admissionAgencyLinks)
      .where(eq(admissionAgencyLinks.agency_id, actor.agencyId))
    return { linked: !!link, is_active: !!link?.is_active }
  },
)
