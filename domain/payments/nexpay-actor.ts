/** Who NexPay's deliveries act as in histories and the journal. */
export const NEXPAY_ACTOR = 'webhook:nexpay'
