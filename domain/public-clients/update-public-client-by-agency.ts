import { defineUseCase } from '../shared/authorize'
import { changePublicClient, type ChangeClientOpts } from './public-client-changes'

/** POST /wordpress/agency/UpdatePublicClient/{id} (the agency side with `user_management`, its own clients). */
export const updatePublicClientByAgency = defineUseCase(
  { agency: ['user_management'] },
  async function updatePublicClientByAgency(opts: ChangeClientOpts) {
    return changePublicClient(opts)
  },
)
