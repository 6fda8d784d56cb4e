import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { insuranceProviders, providerDocuments } from '../../db/schema'
import { isStaff, type Actor } from '../shared/actor'
import { forbidden, notFound } from '../shared/errors'
import { assertFileUsable } from '../files/storage'
import type { ProviderPdsInput } from './quotes.schemas'
import { defineUseCase } from '../shared/authorize'
import { clock } from '../shared/clock'

/**
 * POST /oshc/pricing/uploadProviderPds (staff with `finance`): sets (or replaces) an insurer's
 * product disclosure statement to an uploaded file key. 404 for an unknown insurer; a key that
 * is not an uploaded file is `file_path: File not found`. Idempotent for the same key.
 */
export const uploadProviderPds = defineUseCase(
  { staff: ['finance'] },
  async function uploadProviderPds(opts: { actor: Actor; input: ProviderPdsInput }) {
    const { actor, input } = opts
    if (!isStaff(actor) || !actor.permissions.has('finance')) throw forbidden()
    const db = getDb()
    const [provider] = await db
      .select({ id: insuranceProviders.id })
      .from(insuranceProviders)
      .where(eq(insuranceProviders.id, input.provider_id))
    if (!provider) throw notFound('Insurance provider')
    // Staff may attach any uploaded file; the agency id is not consulted for staff.
    await assertFileUsable(input.file_path, actor, 0)
    const values = {
      provider_id: provider.id,
      pds_key: input.file_path,
      pds_filename: input.filename,
      uploaded_by: actor.identityId,
    }
    const [row] = await db
      .insert(providerDocuments)
      .values(values)
      .onConflictDoUpdate({
        target: providerDocuments.provider_id,
        set: {
          pds_key: values.pds_key,
          pds_filename: values.pds_filename,
          uploaded_by: values.uploaded_by,
          updated_at: clock.now(),
        },
      })
      .returning()
    return {
      provider_id: row.provider_id,
      filename: row.pds_filename,
      file_path: row.pds_key,
      updated_at: row.updated_at,
    }
  },
)
