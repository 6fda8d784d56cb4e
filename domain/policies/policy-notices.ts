// The notification a sale writes for the policy team, in the transaction that makes it due.
import type { DbOrTx } from '../../db/client'
import { notify } from '../notifications/notify'
import { paymentMethodInText } from '../shared/labels'
import { staffLinks } from '../shared/links'

/**
 * POLICY_PURCHASED (spec/03 section 4) to staff holding policy_management: the policy is paid (or
 * bought on buy now, pay later), so its certificate can be issued, the work that needs a person.
 * Written when that becomes true, not when a bank transfer or NexPay payment is still to be
 * verified (the verification has its own inbox task). One per policy: a second settlement of the
 * same policy replaces an unread one (notify groups by event and record).
 */
export function notifyPolicyPurchased(tx: DbOrTx, policy: { id: number; ref: string }, method: string) {
  return notify(
    tx,
    {
      eventType: 'POLICY_PURCHASED',
      title: `Policy ${policy.ref} purchased`,
      message: `Paid by ${paymentMethodInText(method)}: its certificate can be issued.`,
      link: staffLinks.policy(policy.id),
      meta: { policy_id: policy.id },
    },
    { staffPermission: 'policy_management' },
  )
}
