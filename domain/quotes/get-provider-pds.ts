import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { insuranceProviders, providerDocuments } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { forbidden, notFound } from '../shared/errors'
import { presignDownload } from '../files/storage'
import { defineUseCase } from '../shared/authorize'

/**
 * GET /agencies/policy-management/getPdsByProviderId/{providerId}: the insurer's product
 * disclosure statement with a 5-minute download URL; 404 when the insurer is unknown or none was
 * uploaded. Any signed-in staff member, or the agency side with `quote` (the PDS is the same for
 * every agency). Read-only.
 */
export const getProviderPds = defineUseCase(
  { staff: true, agency: ['quote'] },
  async function getProviderPds(opts: { actor: Actor; providerId: number }) {
    const { actor } = opts
    if (!isStaff(actor) && !(isAgencySide(actor) && actor.permissions.has('quote'))) throw forbidden()
    const [row] = await getDb()
      .select({
        provider_id: insuranceProviders.id,
        key: providerDocuments.pds_key,
        filename: providerDocuments.pds_filename,
      })
      .from(providerDocuments)
      .innerJoin(insuranceProviders, eq(insuranceProviders.id, providerDocuments.provider_id))
      .where(eq(providerDocuments.provider_id, opts.providerId))
    if (!row) throw notFound('Product disclosure statement')
    return { provider_id: row.provider_id, filename: row.filename, url: await presignDownload(row.key) }
  },
)

/** Which insurers have a PDS uploaded (for links on quote screens), with its name and date. */
export async function findProviderPdsList() {
  return getDb()
    .select({
      provider_id: providerDocuments.provider_id,
      filename: providerDocuments.pds_filename,
      updated_at: providerDocuments.updated_at,
    })
    .from(providerDocuments)
}
