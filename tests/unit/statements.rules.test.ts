import { describe, expect, it } from 'vitest'
import {
  lineHash,
  parseBookedOn,
  parseCents,
  quotedRefs,
} from '../../domain/finance/statements/statements.rules'
import { matchLines, payerScore, rankProposals } from '../../domain/finance/statements/statement-matching'
import type { Expectation } from '../../domain/finance/statements/statement-expectations'
import { columnsOf } from '../../domain/finance/statements/statement-csv'

describe('bank statement rules (issue 25)', () => {
  it('reads the amounts banks write, in cents', () => {
    expect(parseCents('1,234.56')).toBe(123_456)
    expect(parseCents('-12')).toBe(-1_200)
    expect(parseCents('$5.5')).toBe(550)
    expect(parseCents('(12.00)')).toBe(-1_200)
    expect(parseCents('12.00 DR')).toBe(-1_200)
    expect(parseCents('12.00CR')).toBe(1_200)
    expect(parseCents('+0.07')).toBe(7)
    for (const bad of ['', '12.345', 'abc', '1.2.3', '--1']) expect(parseCents(bad)).toBeNull()
  })

  it('reads Australian and ISO dates and refuses impossible ones', () => {
    expect(parseBookedOn('03/02/2026')).toBe('2026-02-03')
    expect(parseBookedOn('3-2-26')).toBe('2026-02-03')
    expect(parseBookedOn('2026-02-03')).toBe('2026-02-03')
    expect(parseBookedOn('2026-02-03T10:00:00')).toBe('2026-02-03')
    expect(parseBookedOn('31/02/2026')).toBeNull()
    expect(parseBookedOn('02/13/2026')).toBeNull()
    expect(parseBookedOn('Feb 3')).toBeNull()
  })

  it('finds the header presets and names what is missing', () => {
    expect(columnsOf(['Date', 'Description', 'Debit', 'Credit', 'Balance']).preset).toBe('csv:debit-credit')
    expect(columnsOf(['Transaction Date', 'Narrative', 'Amount']).preset).toBe('csv:amount')
    expect(() => columnsOf(['Date', 'Description'])).toThrow(
      /Line 1: the header row has no column for an amount/,
    )
  })

  it('hashes the same line alike and tells repeats apart', () => {
    const key = { account: '1', bookedOn: '2026-01-01', amountCents: 100, reference: 'R', balanceCents: 5 }
    expect(lineHash(key)).toBe(lineHash({ ...key }))
    expect(lineHash(key)).not.toBe(lineHash({ ...key, balanceCents: 6 }))
    expect(lineHash(key, 1)).not.toBe(lineHash(key))
  })

  it('quotes references whatever the separators, never a longer one', () => {
    const refs = quotedRefs('Payment POL-AB 12 thanks')
    expect(refs.has('POLAB12')).toBe(true)
    expect(quotedRefs('POL-AB-123').has('POLAB12')).toBe(false)
  })

  it('matches exactly by reference and amount, proposes by amount and date, one line per expectation', () => {
    const exp: Expectation[] = [
      { kind: 'policy_payment', id: 1, refs: ['POLA1'], amountCents: 500, since: '2026-01-10' },
      { kind: 'topup', id: 7, refs: ['TOPUP7'], amountCents: 900, since: '2026-01-01' },
      { kind: 'topup', id: 8, refs: ['TOPUP8'], amountCents: 900, since: '2026-01-09' },
    ]
    const line = (id: number, amountCents: number, description: string, bookedOn = '2026-01-10') => ({
      id,
      bookedOn,
      amountCents,
      description,
      reference: '',
    })
    const m = matchLines(
      [
        line(1, 500, 'pol-a1'),
        line(2, 500, 'POL-A1 again'),
        line(3, 900, 'no ref'),
        line(4, 900, 'no ref either'),
        line(5, 900, 'no ref at all'),
        line(6, 400, 'POL-A1 short'),
        line(7, -500, 'POL-A1 debit'),
      ],
      exp,
    )
    expect(m.map((x) => [x.state, x.id])).toEqual([
      ['exact', 1],
      ['unmatched', null],
      ['proposed', 8],
      ['proposed', 7],
      ['unmatched', null],
      ['unmatched', null],
      ['unmatched', null],
    ])
    // Outside the date window nothing is proposed.
    expect(matchLines([line(1, 900, 'x', '2026-06-01')], exp)[0].state).toBe('unmatched')
  })

  it('proposes a premium quoted at another amount (short or over), never a top-up', () => {
    const exp: Expectation[] = [
      { kind: 'policy_payment', id: 1, refs: ['POLA1'], amountCents: 500, since: '2026-01-10' },
      { kind: 'policy_payment', id: 2, refs: ['POLA2'], amountCents: 500, since: '2026-01-10' },
      { kind: 'topup', id: 7, refs: ['TOPUP7'], amountCents: 900, since: '2026-01-10' },
    ]
    const line = (id: number, amountCents: number, description: string) => ({
      id,
      bookedOn: '2026-01-10',
      amountCents,
      description,
      reference: '',
    })
    const m = matchLines(
      [line(1, 400, 'POL-A1 short'), line(2, 650, 'POL-A2 over'), line(3, 800, 'TOPUP-7 short')],
      exp,
    )
    expect(m.map((x) => [x.state, x.kind, x.id])).toEqual([
      ['proposed', 'policy_payment', 1],
      ['proposed', 'policy_payment', 2],
      ['unmatched', null, null],
    ])
  })

  it('never lets a guess by amount take a premium another line quotes by its reference', () => {
    const exp: Expectation[] = [
      { kind: 'policy_payment', id: 2, refs: ['POLA2'], amountCents: 500, since: '2026-01-10' },
    ]
    const line = (id: number, amountCents: number, description: string) => ({
      id,
      bookedOn: '2026-01-10',
      amountCents,
      description,
      reference: '',
    })
    // Line 1 quotes something not expected: only its amount is left to go by.
    const m = matchLines([line(1, 500, 'POL-A1 paid twice'), line(2, 300, 'POL-A2 short')], exp)
    expect(m.map((x) => [x.state, x.id])).toEqual([
      ['unmatched', null],
      ['proposed', 2],
    ])
    // A line quoting a real policy reference that waits no more is never guessed as another's.
    expect(matchLines([line(3, 500, 'Premium POL-0A1B2C3D4E paid again')], exp)[0].state).toBe('unmatched')
    expect(matchLines([line(4, 500, 'Premium for two students')], exp)[0]).toMatchObject({
      state: 'proposed',
      id: 2,
    })
  })

  it('ranks a proposal naming the expected payer (agency or student) before a nearer date', () => {
    const exp: Expectation[] = [
      {
        kind: 'topup',
        id: 1,
        refs: ['TOPUP1'],
        amountCents: 900,
        since: '2026-01-09',
        payers: ['Near Pty Ltd'],
      },
      {
        kind: 'policy_payment',
        id: 2,
        refs: ['POLB2'],
        amountCents: 900,
        since: '2026-01-01',
        payers: ['Harbour Education Agency', 'Mei Chen'],
      },
    ]
    const line = (id: number, payer: string, description = 'transfer') => ({
      id,
      bookedOn: '2026-01-10',
      amountCents: 900,
      description,
      reference: '',
      payer,
    })
    expect(rankProposals(line(1, 'HARBOUR EDUCATION'), exp).map((e) => e.id)).toEqual([2, 1])
    // The remitter in the description counts too; words every business has do not.
    expect(rankProposals(line(2, '', 'TFR FROM MEI CHEN'), exp).map((e) => e.id)).toEqual([2, 1])
    expect(payerScore(line(3, 'Other Pty Ltd'), exp[0])).toBe(0)
    // Nobody named: the nearest date, as before.
    expect(rankProposals(line(4, 'Someone Else'), exp).map((e) => e.id)).toEqual([1, 2])
    expect(matchLines([line(5, 'Harbour Education Agency'), line(6, '')], exp).map((m) => m.id)).toEqual([
      2, 1,
    ])
  })
})
