import { describe, expect, it } from 'vitest'
import { abaHeader } from '../../domain/finance/payout-batches/aba-file'
import {
  payeeIssue,
  bsbDigits,
  accountDigits,
} from '../../domain/finance/payout-batches/payout-batches.rules'
import type { Config } from '../../domain/shared/config'

const settings = {
  ABA_APCA_USER_ID: '301500',
  ABA_USER_NAME: 'OSHC INSURER PTY LTD',
  ABA_BANK_CODE: 'WBC',
  ABA_BSB: '032-000',
  ABA_ACCOUNT: '123456',
  ABA_REMITTER: 'OSHC INSURER',
}
const cfg = (demo: boolean, env: Partial<typeof settings>) => ({ demo, ...env }) as unknown as Config

describe('the ABA header settings', () => {
  it('come from ABA_* in production, and are refused with the missing names when not all set', () => {
    expect(abaHeader(cfg(false, settings))).toMatchObject({ apcaUserId: '301500', bankCode: 'WBC' })
    expect(() => abaHeader(cfg(false, {}))).toThrow(/set ABA_APCA_USER_ID, ABA_USER_NAME, .*ABA_REMITTER/)
    const { ABA_REMITTER: _r, ...partial } = settings
    expect(() => abaHeader(cfg(true, partial))).toThrow('set ABA_REMITTER')
  })

  it('are clearly marked demo values on a demo system without settings', () => {
    expect(abaHeader(cfg(true, {})).userName).toBe('DEMO OSHC INSURER')
  })
})

describe('a payee a Direct Entry file can pay', () => {
  it('has a 6-digit BSB, an account of at most 9 digits and a name', () => {
    expect(bsbDigits('062-000')).toBe('062000')
    expect(bsbDigits('062 000')).toBe('062000')
    expect(bsbDigits('62-000')).toBeNull()
    expect(accountDigits('1234-56789')).toBe('123456789')
    expect(accountDigits('1234567890')).toBeNull()
    const ok = { bsb: '062-000', account_number: '12345678', bank_account_name: 'A' }
    expect(payeeIssue(ok)).toBeNull()
    expect(payeeIssue(null)).toBe('The agency has no verified payout account')
    expect(payeeIssue({ ...ok, bsb: null })).toContain('BSB')
    expect(payeeIssue({ ...ok, account_number: 'ABC' })).toContain('account number')
    expect(payeeIssue({ ...ok, bank_account_name: ' ' })).toContain('account name')
  })
})
