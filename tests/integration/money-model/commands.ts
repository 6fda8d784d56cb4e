// The money model's commands as fast-check draws them.
import fc from 'fast-check'
import { BuyByBalance, BuyByBnpl, BuyByNexPay, NexPayDelivery, ParallelSpend, TopUp } from './purchases'
import { BankInvoicePart, PayInvoice, SettleBnpl } from './invoices-and-bnpl'
import { AmendFall, Clawback, FullRefund, Payout } from './after-sale'
import { BuyByBank, ClearSuspense, RejectBankPayment, StatementLine } from './statements'

export const commands = [
  fc.integer({ min: 2, max: 4 }).map((n) => new ParallelSpend(n)),
  fc.constantFrom('AGENCY_BALANCE', 'BANK', 'reject').map((d) => new Payout(d as 'BANK')),
  fc
    .tuple(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 1, max: 60_000 }))
    .map(([i, p]) => new BankInvoicePart(i, p)),
  fc.nat().map((i) => new AmendFall(i)),
  fc.integer({ min: 1, max: 150_000 }).map((c) => new TopUp(c)),
  fc.constant(new BuyByBalance()),
  fc.constant(new BuyByBnpl()),
  fc.boolean().map((quoted) => new BuyByNexPay(quoted)),
  fc.constant(new BuyByBank()),
  fc
    .tuple(fc.nat(), fc.constantFrom('rest', 'part', 'over') as fc.Arbitrary<'rest'>)
    .map(([i, k]) => new StatementLine(i, k)),
  fc.nat().map((i) => new RejectBankPayment(i)),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom('ALLOCATE', 'CREDIT_AGENCY', 'REFUND', 'WRITE_OFF') as fc.Arbitrary<'REFUND'>,
    )
    .map(([i, a]) => new ClearSuspense(i, a)),
  fc
    .tuple(fc.nat(), fc.constantFrom('rest', 'part', 'over', 'npr', 'zero', 'fx') as fc.Arbitrary<'rest'>)
    .map(([i, k]) => new NexPayDelivery(i, k)),
  fc
    .tuple(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 1, max: 80_000 }))
    .map(([i, p]) => new PayInvoice(i, p)),
  fc
    .tuple(
      fc.integer({ min: 1, max: 3 }),
      fc.constantFrom('AGENCY_BALANCE', 'BANK') as fc.Arbitrary<'AGENCY_BALANCE'>,
      fc.constantFrom('approve', 'reject', 'statement') as fc.Arbitrary<'approve'>,
    )
    .map(([n, method, d]) => new SettleBnpl(n, method, d)),
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 5_000 })).map(([i, d]) => new FullRefund(i, d)),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom('AGENCY_BALANCE', 'BANK') as fc.Arbitrary<'AGENCY_BALANCE'>,
      fc.constantFrom('approve', 'reject') as fc.Arbitrary<'approve'>,
    )
    .map(([i, method, d]) => new Clawback(i, method, d)),
]
