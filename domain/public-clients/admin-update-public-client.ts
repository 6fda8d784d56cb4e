import { defineUseCase } from '../shared/authorize'
import { changePublicClient, type ChangeClientOpts } from './public-client-changes'

/** POST /wordpress/adminUpdatePublicClient/{id} (staff with `agency_management`, any client). */
export const adminUpdatePublicClient = defineUseCase(
  { staff: ['agency_management'] },
  async function adminUpdatePublicClient(opts: ChangeClientOpts) {
    return changePublicClient(opts)
  },
)
