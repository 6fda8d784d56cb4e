import { describe, expect, it } from 'vitest'
import * as ENUMS from '../../db/schema/enums'
import {
  formatAge,
  formatCents,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMoney,
} from '../../domain/shared/format'
import * as LABELS from '../../domain/shared/labels'
import { financeMails } from '../../domain/mail/finance-mails'
import { paymentMails } from '../../domain/mail/payment-mails'
import { policyMails } from '../../domain/mail/policy-mails'

describe('one date format and one money format', () => {
  it('writes calendar dates as "23 Nov 2026", whatever the time zone of the machine', () => {
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026')
    expect(formatDate('2027-09-01')).toBe('1 Sep 2027')
    expect(formatDate('2027-01-31')).toBe('31 Jan 2027')
    expect(formatDate(null)).toBe('')
  })

  it('writes a chart axis day as "1 Sep" (never the "Sept" of some ICU data)', () => {
    expect(formatDayMonth('2027-09-01')).toBe('1 Sep')
    expect(formatDayMonth('2026-11-23')).toBe('23 Nov')
    expect(formatDayMonth('')).toBe('')
  })

  it('writes instants in Sydney time as "23 Nov 2026, 14:05" (24-hour clock)', () => {
    // 03:05 UTC is 14:05 in Sydney in November (daylight time, +11).
    expect(formatDateTime(new Date(Date.UTC(2026, 10, 23, 3, 5)))).toBe('23 Nov 2026, 14:05')
    // Midnight reads 00:00, and the calendar day is Sydney's.
    expect(formatDateTime('2026-06-30T14:00:00Z')).toBe('1 Jul 2026, 00:00')
    expect(formatDate(new Date('2026-06-30T14:00:00Z'))).toBe('1 Jul 2026')
  })

  it('writes money as "A$1,234.56"', () => {
    expect(formatMoney(1234.56)).toBe('A$1,234.56')
    expect(formatMoney(512.4)).toBe('A$512.40')
    expect(formatMoney(0)).toBe('A$0.00')
    expect(formatMoney(-12)).toBe('-A$12.00')
    expect(formatMoney(1234567.891)).toBe('A$1,234,567.89')
    expect(formatMoney(1105, 'NPR')).toBe('NPR 1,105.00')
    expect(formatMoney(null)).toBe('—')
    expect(formatCents(51240)).toBe('A$512.40')
  })

  it('tells an age in minutes, hours or days', () => {
    const now = new Date('2026-11-23T10:00:00Z')
    expect(formatAge('2026-11-23T09:48:00Z', now)).toBe('12 min')
    expect(formatAge('2026-11-23T05:00:00Z', now)).toBe('5 h')
    expect(formatAge('2026-11-20T09:00:00Z', now)).toBe('3 d')
  })

  it('is what mails say', () => {
    expect(financeMails.topupApproved(123456, 51240).text).toContain('A$1,234.56')
    expect(financeMails.policyPaymentApproved('POL-1', 51240).text).toContain('A$512.40')
    expect(
      paymentMails.paymentLinkReminder({
        policyRef: 'POL-1',
        url: 'https://x.test/pay/abc',
        expiresAt: new Date(Date.UTC(2026, 10, 23, 3, 5)),
        amount: formatCents(51240),
      }).text,
    ).toContain('23 Nov 2026, 14:05')
    expect(
      policyMails.certificateIssued({
        studentName: 'Mei',
        ref: 'POL-1',
        insurer: 'nib',
        membershipNumber: 'M-1',
        policyNumber: null,
        startDate: '2027-02-01',
        endDate: '2028-01-31',
        certificateName: 'c.pdf',
      }).text,
    ).toContain('Cover: 1 Feb 2027 to 31 Jan 2028')
  })
})

describe('readable values everywhere', () => {
  const maps: [readonly string[], Record<string, string>][] = [
    [ENUMS.POLICY_TYPES, LABELS.POLICY_TYPE_LABELS],
    [ENUMS.AGENCY_STATUSES, LABELS.AGENCY_STATUS_LABELS],
    [ENUMS.POLICY_STATUSES, LABELS.POLICY_STATUS_LABELS],
    [ENUMS.USER_DEFINED_STATUSES, LABELS.USER_DEFINED_STATUS_LABELS],
    [ENUMS.PROVIDER_PAYMENT_STATUSES, LABELS.PROVIDER_PAYMENT_STATUS_LABELS],
    [ENUMS.PAYMENT_METHODS, LABELS.PAYMENT_METHOD_LABELS],
    [ENUMS.PREMIUM_PAYMENT_STATUSES, LABELS.PREMIUM_PAYMENT_STATUS_LABELS],
    [ENUMS.COMMISSION_STATUSES, LABELS.COMMISSION_STATUS_LABELS],
    [ENUMS.REQUEST_STATUSES, LABELS.REQUEST_STATUS_LABELS],
    [ENUMS.INVOICE_STATUSES, LABELS.INVOICE_STATUS_LABELS],
    [ENUMS.INVOICE_TYPES, LABELS.INVOICE_TYPE_LABELS],
    [ENUMS.LINE_ITEM_TYPES, LABELS.LINE_ITEM_TYPE_LABELS],
    [ENUMS.BALANCE_TRANSACTION_TYPES, LABELS.BALANCE_TRANSACTION_TYPE_LABELS],
    [ENUMS.PAYMENT_LINK_STATUSES, LABELS.PAYMENT_LINK_STATUS_LABELS],
    [ENUMS.CARD_PAYMENT_STATUSES, LABELS.CARD_PAYMENT_STATUS_LABELS],
    [ENUMS.CURRENCIES, LABELS.CURRENCY_LABELS],
  ]

  it('has a label for every value of every enum, never the code itself', () => {
    for (const [values, labels] of maps)
      for (const v of values) {
        expect(labels[v], v).toBeTruthy()
        expect(labels[v]).not.toBe(v)
        expect(labels[v]).not.toMatch(/_/)
      }
  })

  it('reads the values seen raw on screens', () => {
    expect(LABELS.policyTypeLabel('SINGLE')).toBe('Single')
    expect(LABELS.labelOf(LABELS.PAYMENT_METHOD_LABELS, 'BNPL')).toBe('Buy now, pay later')
    expect(LABELS.visaLabel('Subclass_500')).toBe('Subclass 500')
    expect(LABELS.directionLabel('OSHC', 'AGENCY', 'Harbour Education Agency')).toBe(
      'OSHC to Harbour Education Agency',
    )
    expect(LABELS.labelOf(LABELS.TASK_KIND_LABELS, 'policy_payment')).toBe('Policy payment')
    // A code without a label yet still reads as words.
    expect(LABELS.labelOf({}, 'SOMETHING_NEW')).toBe('Something new')
  })

  it('shows who acted without the stored kind prefix', () => {
    const names = new Map([['admin@oshc.local', 'System Administrator']])
    expect(LABELS.actorDisplay('Oshc:admin@oshc.local', names)).toBe('System Administrator')
    expect(LABELS.actorDisplay('Oshc:someone@oshc.local', names)).toBe('someone@oshc.local')
    expect(LABELS.actorDisplay('agency_user:u@a.test')).toBe('u@a.test')
    expect(LABELS.actorDisplay('workflow:agency-onboarding-9')).toBe('System')
    expect(LABELS.actorDisplay('seed')).toBe('System')
  })

  it('names a payment method inside a sentence in words, a brand with its capitals', () => {
    expect(LABELS.paymentMethodInText('AGENCY_BALANCE')).toBe('agency balance')
    expect(LABELS.paymentMethodInText('BANK')).toBe('bank transfer')
    expect(LABELS.paymentMethodInText('NEXPAY')).toBe('NexPay')
    expect(LABELS.paymentMethodInText('BNPL')).toBe('buy now, pay later')
  })

  it("names an amendment's changed fields as the forms do, never as stored paths", () => {
    expect(LABELS.amendmentFieldLabel('policy.end_date')).toBe('Cover: end date')
    expect(LABELS.amendmentFieldLabel('customer.dob')).toBe('Student: date of birth')
    expect(LABELS.amendmentFieldLabel('partner.passport_number')).toBe('Partner: passport number')
    expect(LABELS.amendmentFieldLabel('family_members')).toBe('Dependants')
  })
})
