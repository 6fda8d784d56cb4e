import { requestedBankTopup } from '../setup/topups'
import { beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policyCertificates, policyHistories, tasks } from '../../db/schema'
import { createAgency, createPolicy } from '../../db/seed/factories'
import { withActorNames } from '../../domain/shared/actor-names'
import { STAFF_TASK_KINDS } from '../../domain/shared/labels'
import { syncWorkflowTasks } from '../../domain/tasks/workflow-tasks'
import * as homePage from '../../app/routes/agency+/_index/route'
import * as inboxPage from '../../app/routes/staff+/inbox'
import * as payPage from '../../app/routes/agency+/policies.$policyId.pay/route'
import { ADMIN, agencyWithToken, login, staffToken } from '../setup/api'

const ORIGIN = 'http://test.local'
const HOUR = 3_600_000
let staff: string

const get = (path: string, token = staff) =>
  new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} })
/** A loader's answer, unwrapped from Remix `data()` when it used it. */
type Unwrapped<T> = T extends { data: infer D; init: unknown } ? D : T
const body = <T>(answer: T) => ((answer as { data?: unknown }).data ?? answer) as Unwrapped<T>

beforeAll(async () => {
  staff = await staffToken()
})

async function inboxRow(taskId: number) {
  const page = body(await inboxPage.loader(args(get('/staff/inbox?perPage=100'))))
  return page.tasks.find((t) => t.id === taskId)!
}

describe('the staff inbox', () => {
  it('names the claimant as Owner, and shows the age from opened_at and how long a task is overdue', async () => {
    const { agency } = await agencyWithToken()
    const id = `test-inbox-${Date.now()}`
    await syncWorkflowTasks(id, {
      kind: 'topup',
      audience: 'staff',
      subject: `Approve top-up ${id}`,
      agencyId: agency.id,
      link: '/staff/finance/topups',
      dueAt: new Date(Date.now() - 2 * HOUR - 60_000),
    })
    const [task] = await getDb().select().from(tasks).where(eq(tasks.workflow_id, id))
    await getDb()
      .update(tasks)
      .set({ opened_at: sql`now() - interval '3 days 1 hour'` })
      .where(eq(tasks.id, task.id))

    let row = await inboxRow(task.id)
    expect(row.age).toBe('3 d')
    expect(row.overdueBy).toBe('2 h')
    expect(row.assignee_name).toBeNull()

    const form = new FormData()
    form.set('taskId', String(task.id))
    form.set('intent', 'claim')
    const claimed = await inboxPage.action(
      args(
        new Request(`${ORIGIN}/staff/inbox`, {
          method: 'POST',
          body: form,
          headers: { cookie: `oshc_session=${staff}`, origin: ORIGIN },
        }),
      ),
    )
    expect((claimed as Response).status).toBe(302)
    row = await inboxRow(task.id)
    expect(row.assignee_name).toBe('System Administrator')
    expect(row.mine).toBe(true)
  })

  it('offers every kind of open staff task in its Kind filter, top-ups and policy payments included', async () => {
    const { agency, token } = await agencyWithToken()
    await requestedBankTopup(
      { agencyId: agency.id, token },
      20,
      new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    )
    const open = await getDb()
      .selectDistinct({ kind: tasks.kind })
      .from(tasks)
      .where(eq(tasks.audience, 'staff'))
    expect(open.map((r) => r.kind)).toContain('topup')
    for (const { kind } of open) expect(STAFF_TASK_KINDS).toContain(kind)
    // The bank purchase opens its verification task under this kind (domain/payments/purchase-policy.ts).
    expect(STAFF_TASK_KINDS).toContain('policy_payment')
  })
})

describe('the agency home', () => {
  it('lists what waits for the agency, with counts and links to the filtered lists', async () => {
    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED', password: 'Agency-Passw0rd!' })
    const token = await login(agency.email, 'Agency-Passw0rd!')
    const home = async () => body(await homePage.loader(args(get('/agency', token))))
    expect((await home()).todo.items).toEqual([])

    await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_REJECTED' })
    const { policy: issued } = await createPolicy(getDb(), {
      agencyId: agency.id,
      status: 'CERTIFICATE_ISSUED',
    })
    await getDb().insert(policyCertificates).values({
      policy_id: issued.id,
      certificate_url: 'private/cert.pdf',
      certificate_name: 'cert.pdf',
      membership_number: 'M-1',
      issued_at: new Date(),
    })
    await createPolicy(getDb(), { agencyId: agency.id, status: 'FULL_REFUND_INITIATED' })
    // Another agency's policies never count.
    const other = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED' })
    await createPolicy(getDb(), { agencyId: other.id, status: 'INITIATED' })

    expect((await home()).todo.items).toEqual([
      { key: 'unpaid', count: 2, text: '2 policies to pay', href: '/agency/policies?status=INITIATED' },
      {
        key: 'rejected',
        count: 1,
        text: '1 payment rejected: pay again',
        href: '/agency/policies?status=PAYMENT_REJECTED',
      },
      {
        key: 'certificates',
        count: 1,
        text: '1 certificate ready to download',
        href: '/agency/policies?status=CERTIFICATE_ISSUED',
      },
      {
        key: 'refunds',
        count: 1,
        text: '1 full refund in progress',
        href: '/agency/policies?status=FULL_REFUND_REQUESTED,FULL_REFUND_INITIATED,FULL_REFUND_APPROVED',
      },
    ])
  })
})

describe('paying a policy', () => {
  it('shows the account to transfer into with the policy reference, and the balance it has', async () => {
    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED', password: 'Agency-Passw0rd!' })
    const token = await login(agency.email, 'Agency-Passw0rd!')
    const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const page = body(
      await payPage.loader(
        args(get(`/agency/policies/${policy.id}/pay`, token), { policyId: String(policy.id) }),
      ),
    )!
    expect(page.options.bankTransfer).toEqual({
      reference: policy.ref,
      account: {
        bank_name: 'Demo Bank',
        account_name: 'OSHC Back Office Pty Ltd',
        bsb: '000-000',
        account_number: '12345678',
        is_demo: true,
      },
    })
    // Nothing in the balance: the page disables "Pay from balance" (agencyBalance < premium).
    expect(page.options.agencyBalance).toBe(0)
    expect(page.options.premium).toBeGreaterThan(0)
  })
})

describe('history rows', () => {
  it('show people by name, e-mails without the kind prefix, and workflows as System', async () => {
    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED', name: 'Named Agency Pty' })
    const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const rows = await getDb()
      .insert(policyHistories)
      .values(
        [
          `Oshc:${ADMIN.email.toUpperCase()}`,
          `Agency:${agency.email}`,
          'Oshc:gone@example.test',
          'workflow:agency-onboarding-1',
        ].map((actor) => ({ policy_id: policy.id, action: 'noted', actor, status: policy.status })),
      )
      .returning()
    expect((await withActorNames(rows)).map((r) => r.actor)).toEqual([
      'System Administrator',
      'Named Agency Pty',
      'gone@example.test',
      'System',
    ])
  })
})
