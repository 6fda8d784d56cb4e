// db/prepared.ts preparedRead: a hot read built once per database and run as a named prepared
// statement; the same answers as the built query, in a transaction too (built on it).
import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { preparedRead } from '../../db/prepared'
import { policies } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { agencyWithToken } from '../setup/api'

describe('prepared reads', () => {
  it('build once per database, answer what the query answers, and run inside a transaction', async () => {
    const { agency } = await agencyWithToken()
    const { policy: made } = await createPolicy(getDb(), { agencyId: agency.id, status: 'PURCHASED' })
    let builds = 0
    const byId = preparedRead('test_policy_by_id', (db) => {
      builds++
      return db
        .select()
        .from(policies)
        .where(eq(policies.id, sql.placeholder('id')))
    })
    const [direct] = await getDb().select().from(policies).where(eq(policies.id, made.id))
    for (let i = 0; i < 3; i++) expect(await byId({ id: made.id })).toEqual([direct])
    expect(await byId({ id: -1 })).toEqual([])
    expect(builds).toBe(1)
    await getDb()
      .transaction(async (tx) => {
        await tx.update(policies).set({ ref: 'PREPARED-IN-TX' }).where(eq(policies.id, made.id))
        const [seen] = await byId({ id: made.id }, tx)
        expect(seen.ref).toBe('PREPARED-IN-TX')
        tx.rollback()
      })
      .catch((e) => expect(String(e)).toMatch(/rollback/i))
    expect(builds).toBe(2)
    expect((await byId({ id: made.id }))[0].ref).toBe(direct.ref)
  })
})
