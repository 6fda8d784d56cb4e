// Each area writes only its own tables (issue 26 item 3): a decision in one area changes another
// area's rows by calling that area's named function, never by writing its table. The owner of every
// table the domain writes is declared here; the writes found in domain/ (drizzle's insert, update
// and delete, and INSERT/UPDATE/DELETE in SQL text) are checked against it. The cross-area writes of
// today are listed and may only go (a ratchet): a new one fails, a listed one that is gone must leave
// the list.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '../..')

/** The area (first folder under domain/) that owns each table, by the table's name in db/schema. */
const OWNERS: Record<string, string[]> = {
  access: [
    'identities',
    'identityFactors',
    'passkeyChallenges',
    'passkeys',
    'passwordResetTokens',
    'recoveryCodes',
    'securityEvents',
    'sessions',
  ],
  admission: [
    'admissionAgencyLinks',
    'admissionCourses',
    'admissionEnrollmentHistory',
    'admissionEnrollmentNotes',
    'admissionEnrollments',
    'admissionStudentDocuments',
    'admissionStudents',
    'admissionUniversities',
  ],
  agencies: [
    'agencies',
    'agencyBankDetailChanges',
    'agencyBankDetails',
    'agencyConfigurations',
    'agencyDocuments',
    'agencyHistories',
    'agencyOtps',
    'agencyOvhcCommissions',
    'agencyPaymentMethodConfigs',
    'ovhcCommissionRanges',
    'purchaseRules',
  ],
  amendments: ['amendmentDocuments', 'amendmentPayments', 'amendments'],
  'card-payments': ['cardDisputes', 'cardPayments'],
  clawbacks: ['clawbacks'],
  feedback: ['feedbackComments', 'feedbackTickets'],
  files: ['files'],
  finance: [
    'accountingPeriodEvents',
    'accountingPeriods',
    'agencyBalanceTransactions',
    'agencyBalances',
    'agencyTopups',
    'bankStatementLines',
    'bankStatements',
    'bnplPaymentRequestItems',
    'bnplPaymentRequests',
    'bnplTransactions',
    'commissionCapEvents',
    'commissionCaps',
    'commissionPayoutItems',
    'commissionPayouts',
    'commissions',
    'financeRequestHistories',
    'insurerBankAccounts',
    'insurerRemittances',
    'invoiceHistories',
    'invoiceLineItems',
    'invoicePaymentDocuments',
    'invoicePayments',
    'invoices',
    'payoutBatchItems',
    'payoutBatches',
    'policyPremiumPayments',
    'reconciliationRuns',
    'statementCsvMappings',
    'suspenseClearings',
  ],
  mail: ['outboxMails'],
  money: ['moneyTransfers'],
  notifications: ['clientErrorReports', 'notificationPreferences', 'notificationReceivers', 'notifications'],
  offers: ['offers'],
  payments: ['exchangeRateQuotes', 'paymentLinks', 'webhookDeliveries'],
  policies: [
    'customerDependants',
    'customerPartners',
    'customers',
    'policies',
    'policyCertificates',
    'policyFiles',
    'policyHistories',
  ],
  promotions: ['promotions'],
  'public-clients': ['publicClients', 'widgetPurchaseSecrets'],
  quotes: ['exchangeRates', 'gstRates', 'providerDocuments', 'providerRates'],
  reference: ['cities', 'states'],
  referrals: ['agencyReferrals'],
  refunds: ['fullRefunds', 'policyCancellationSteps'],
  shared: ['rateLimits'],
  tasks: ['savedViews', 'tasks'],
  users: [
    'agencyRolePermissions',
    'agencyRoles',
    'agencyUsers',
    'oshcRolePermissions',
    'oshcRoles',
    'oshcUsers',
  ],
}

/** Writes into another area's table today (file: table): may only go (37 when this check came, none now). */
const KNOWN_CROSS_WRITES: string[] = []

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f)
    if (statSync(p).isDirectory()) return walk(p)
    return /\.tsx?$/.test(f) ? [p] : []
  })
}
const rel = (p: string) => path.relative(root, p).split(path.sep).join('/')

/** The tables of db/schema: the exported name and the SQL name of each. */
function schemaTables() {
  const byName = new Map<string, string>()
  const bySql = new Map<string, string>()
  for (const file of walk(path.join(root, 'db/schema')))
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      byName.set(m[1], m[2])
      bySql.set(m[2], m[1])
    }
  return { byName, bySql }
}

/** Every write of a table in domain/: the writing file, its area and the table's exported name. */
function writes() {
  const { byName, bySql } = schemaTables()
  const found: { file: string; area: string; table: string }[] = []
  for (const file of walk(path.join(root, 'domain'))) {
    const name = rel(file)
    const area = name.split('/')[1]
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g))
      if (byName.has(m[1])) found.push({ file: name, area, table: m[1] })
    for (const m of text.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+(\w+)/g))
      if (bySql.has(m[1])) found.push({ file: name, area, table: bySql.get(m[1])! })
  }
  return found
}

describe('each area writes only its own tables (issue 26)', () => {
  const owner = new Map(Object.entries(OWNERS).flatMap(([area, ts]) => ts.map((t) => [t, area] as const)))
  const found = writes()

  it('every table the domain writes has a declared owner', () => {
    expect([...new Set(found.filter((w) => !owner.has(w.table)).map((w) => w.table))]).toEqual([])
  })

  it("writes into another area's table are only those listed, which may only go", () => {
    const cross = new Set(
      found.filter((w) => owner.get(w.table) !== w.area).map((w) => `${w.file}: ${w.table}`),
    )
    const problems = [
      ...[...cross]
        .filter((c) => !KNOWN_CROSS_WRITES.includes(c))
        .map((c) => `${c} writes another area's table: call the owning area's function`),
      ...KNOWN_CROSS_WRITES.filter((c) => !cross.has(c)).map(
        (c) => `${c} is gone: take it off KNOWN_CROSS_WRITES`,
      ),
    ]
    expect(problems).toEqual([])
  })
})
