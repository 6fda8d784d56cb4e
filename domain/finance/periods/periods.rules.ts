// Closed periods (issue 25, ADR 0019): the rules of a month's close and reopen, and their words.
import type { PeriodStatus } from '../../../db/schema/periods'
import { APP_TIME_ZONE } from '../../shared/format'

/** A month as the API and the screens name it: `YYYY-MM` (Australia/Sydney). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

const sydneyParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
})

/** The month (`YYYY-MM`) an instant falls in, in Australia/Sydney. */
export function sydneyMonth(at: Date): string {
  const parts = sydneyParts.formatToParts(at)
  const get = (type: string) => parts.find((p) => p.type === type)!.value
  return `${get('year')}-${get('month')}`
}

/** `2019-03` -> `March 2019`. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-')
  return `${MONTH_NAMES[Number(m) - 1]} ${y}`
}

/** The stored first day of a month (`2019-03` -> `2019-03-01`) and back. */
export const monthDate = (month: string) => `${month}-01`
export const monthOfDate = (date: string) => date.slice(0, 7)

export const PERIOD_STATUS_LABELS: Record<PeriodStatus, string> = {
  OPEN: 'Open',
  PROPOSED: 'Proposed for closing',
  CLOSED: 'Closed',
  REOPEN_REQUESTED: 'Closed, reopening requested',
}

/** Transfers dated in a month in these statuses cannot change (the trigger of migration 0041). */
export const isFrozen = (status: PeriodStatus) => status === 'CLOSED' || status === 'REOPEN_REQUESTED'

export const PERIOD_MESSAGES = {
  notEnded: (month: string) =>
    `${monthLabel(month)} has not ended yet (Australia/Sydney); only an ended month can be closed`,
  earlierOpen: (month: string, earlier: string) =>
    `${monthLabel(earlier)} has money transfers and is not closed; close it before ${monthLabel(month)}`,
  laterClosed: (month: string, later: string) =>
    `${monthLabel(later)} is closed; reopen it before ${monthLabel(month)}`,
  changed: (month: string) =>
    `The trial balance of ${monthLabel(month)} has changed since it was proposed; propose it again`,
  state: (month: string, status: PeriodStatus, action: string) =>
    `${monthLabel(month)} is ${PERIOD_STATUS_LABELS[status].toLowerCase()}; it cannot be ${action}`,
  closed: (month: string) =>
    `${monthLabel(month)} is closed: nothing dated in it can change. Record a correction in the open month, referring to the original transfer`,
} as const
