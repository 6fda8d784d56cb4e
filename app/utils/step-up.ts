/**
 * A money decision refused for want of a fresh second factor (issue 24) answers its form with this
 * key among the field errors (replyWithError): `code` (the house form asks for one in place) or
 * `enrol` (the person has none yet).
 */
export const STEP_UP_FIELD = 'second_factor'
