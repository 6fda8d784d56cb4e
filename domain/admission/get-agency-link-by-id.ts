import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadAgencyLink } from './admission-links'

/** GET /oshc/your-admission/getAgencyLinkById/{id} (staff): one link with its agency's name. */
export const getAgencyLinkById = defineUseCase(
  { staff: true },
  async function getAgencyLinkById(opts: { actor: Actor; id: number }) {
    return loadAgencyLink(opts.id)
  },
)
