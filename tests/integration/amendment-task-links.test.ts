// Migration 0042 (issue 29 item 4): amendment tasks opened before the fix linked to the policy
// page's #amendment anchor; the migration's statement moves them to the amendment page and leaves
// every other link alone.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '../../db/client'
import { tasks } from '../../db/schema'

const migration = readFileSync(
  path.resolve(__dirname, '../../db/migrations/0042_amendment_task_links.sql'),
  'utf8',
)

describe('migration 0042', () => {
  it('rewrites #amendment links to the amendment page, and only those', async () => {
    const tag = Date.now().toString(36)
    const rows = await getDb()
      .insert(tasks)
      .values([
        {
          kind: 'AMENDMENT_CONFIRM',
          subject: `old ${tag}`,
          link: '/staff/policies/7#amendment',
          workflow_id: `t-${tag}-1`,
        },
        {
          kind: 'AMENDMENT_CONFIRM',
          subject: `new ${tag}`,
          link: '/agency/policies/7/amendment',
          workflow_id: `t-${tag}-2`,
        },
        {
          kind: 'payout',
          subject: `other ${tag}`,
          link: '/staff/finance/payouts/7',
          workflow_id: `t-${tag}-3`,
        },
      ])
      .returning({ id: tasks.id })
    await getDb().execute(sql.raw(migration))
    const after = await getDb()
      .select({ link: tasks.link })
      .from(tasks)
      .where(
        inArray(
          tasks.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(tasks.id)
    expect(after.map((r) => r.link)).toEqual([
      '/staff/policies/7/amendment',
      '/agency/policies/7/amendment',
      '/staff/finance/payouts/7',
    ])
    await getDb()
      .delete(tasks)
      .where(
        inArray(
          tasks.id,
          rows.map((r) => r.id),
        ),
      )
  })
})
