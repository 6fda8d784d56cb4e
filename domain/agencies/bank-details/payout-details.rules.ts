// Payout details: the bank account and GST status commission payouts use (DESIGN.md section 14,
// issue 22 finding 7). Before activation the agency fills them in freely (onboarding); after it, a
// change is held PENDING until staff with finance verify it, and payouts keep the verified row.

export const PAYOUT_FIELDS = [
  'bank',
  'bank_account_name',
  'account_number',
  'bsb',
  'swift_code',
  'abn',
  'is_gst_registered',
] as const

export type PayoutField = (typeof PAYOUT_FIELDS)[number]
export type PayoutDetails = {
  bank: string
  bank_account_name: string
  account_number: string
  bsb: string | null
  swift_code: string | null
  abn: string | null
  is_gst_registered: boolean
}

export const FIELD_LABELS: Record<PayoutField, string> = {
  bank: 'Bank',
  bank_account_name: 'Account name',
  account_number: 'Account number',
  bsb: 'BSB',
  swift_code: 'SWIFT code',
  abn: 'ABN',
  is_gst_registered: 'GST registered',
}

/** Activated once: staff turned the portal on at least once (a deactivated agency stays so). */
export const isActivated = (a: { status: string; is_verfied: boolean; verification_date: Date | null }) =>
  a.is_verfied ||
  a.verification_date !== null ||
  a.status === 'PORTAL_ACTIVATED' ||
  a.status === 'PORTAL_DEACTIVATED'

/** The payout fields of a row or an input, empty texts as null. */
export function payoutDetailsOf(row: Partial<Record<PayoutField, unknown>>): PayoutDetails {
  const t = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)
  return {
    bank: t(row.bank) ?? '',
    bank_account_name: t(row.bank_account_name) ?? '',
    account_number: t(row.account_number) ?? '',
    bsb: t(row.bsb),
    swift_code: t(row.swift_code),
    abn: t(row.abn),
    is_gst_registered: row.is_gst_registered === true,
  }
}

/** The fields that differ between the verified details (null: none yet) and the requested ones. */
export function changedFields(before: PayoutDetails | null, after: PayoutDetails): PayoutField[] {
  return PAYOUT_FIELDS.filter((f) => (before ? before[f] : null) !== after[f])
}

/** An account number shown in a mail or a list: only its last 3 characters. */
export const maskAccount = (n: string | null | undefined) =>
  n ? `${'•'.repeat(Math.max(0, n.length - 3))}${n.slice(-3)}` : '—'

/** Inbox task of a pending change (unowned: the hourly inbox job reminds and escalates). */
export const bankChangeTaskId = (changeId: number) => `bank-change-${changeId}`
