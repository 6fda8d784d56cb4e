import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, amendments, fullRefunds, tasks } from '../../db/schema'
import { seedDemo, DEMO_PASSWORD, DEMO_AGENCY_EMAIL } from '../../db/seed/demo'
import { seedDemoAfterSale } from '../../db/seed/after-sale'
import { DEMO_FINANCE_EMAIL } from '../../db/seed/access'
import { api, login } from '../setup/api'
import { eventually } from '../setup/eventually'
import { startWorker } from '../setup/worker'

let stop: () => Promise<void>
beforeAll(async () => {
  stop = await startWorker()
})
afterAll(() => stop())

describe('demo data for the after-sale processes', () => {
  it('a refund and an amendment wait for staff with their workflows and tasks; a second run adds nothing; the finance login works', async () => {
    await seedDemo(getDb())
    await seedDemoAfterSale(getDb())
    await seedDemoAfterSale(getDb())
    const [agency] = await getDb().select().from(agencies).where(eq(agencies.email, DEMO_AGENCY_EMAIL))
    const refunds = await getDb().select().from(fullRefunds).where(eq(fullRefunds.agency_id, agency.id))
    expect(refunds.map((r) => r.status)).toEqual(['REQUESTED'])
    const opened = await getDb().select().from(amendments).where(eq(amendments.agency_id, agency.id))
    expect(opened.map((a) => [a.status, a.next_step, a.is_open])).toEqual([
      ['INITIATED', 'CONFIRM_PREMIUM_BY_ADMIN', true],
    ])
    const open = await eventually(async () => {
      const rows = await getDb()
        .select({ workflow: tasks.workflow_id, audience: tasks.audience })
        .from(tasks)
        .where(and(eq(tasks.agency_id, agency.id), isNull(tasks.closed_at)))
      const after = rows.filter((t) => /^(full-refund|amendment)-/.test(t.workflow ?? ''))
      return after.length === 2 ? after : null
    }, 'the inbox tasks of both workflows')
    expect(open.map((t) => t.audience)).toEqual(['staff', 'staff'])

    // Maker-checker can be shown: a second staff login with finance.
    const token = await login(DEMO_FINANCE_EMAIL, DEMO_PASSWORD)
    const list = await api('GET', '/oshc/finance-management/getFullRefundRequestedPolicies', { token })
    expect(list.status).toBe(200)
    expect(list.body.data.map((r: { policy_id: number }) => r.policy_id)).toEqual([refunds[0].policy_id])
  })
})
