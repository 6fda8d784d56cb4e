import { logError } from '../../shared/log'
import { workflows } from '../../shared/ports'

/** Agency-side steps only inform the workflow; a failure there must not undo the saved step. */
export async function notifyWorkflow(agencyId: number) {
  try {
    await workflows().agencyChanged(agencyId)
  } catch (err) {
    logError('onboarding', err, { agencyId, note: 'could not signal the onboarding workflow' })
  }
}
