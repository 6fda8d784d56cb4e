// One transfer paying several records (issue 25): finance split its statement line into parts,
// each naming what it pays by reference and taking its amount; each part is a line of its own,
// assigned and confirmed on its own, and the statement's totals count the money once.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policies } from '../../db/schema'
import { api } from '../setup/api'
import {
  amountCsv,
  BS,
  checker,
  confirm,
  dollars,
  imported,
  linesOf,
  nextSeq,
  setUpStatementFixtures,
  upload,
  waitingPolicy,
} from '../setup/bank-statements'

setUpStatementFixtures()

const split = (lineId: number, parts: { reference: string; amount: string }[]) =>
  api('POST', `${BS}/lines/${lineId}/split`, { token: checker, body: { parts } })

const statusOf = async (id: number) =>
  (await getDb().select().from(policies).where(eq(policies.id, id)))[0].status

describe('a statement line paying several records', () => {
  it('is split into parts, each assigned to its record and confirmed on its own', async () => {
    const [a, b] = [await waitingPolicy(), await waitingPolicy()]
    const total = a.premium! + b.premium!
    const csv = amountCsv([
      { narrative: 'Harbour Education two students', amount: total, balance: 11_000_000 + nextSeq() },
    ])
    const statement = await imported(csv)
    const [line] = await linesOf(statement.id)
    expect(line.state).toBe('unmatched')

    // Refused whole: parts that do not add up, an unknown reference, a single part.
    const short = await split(line.id, [
      { reference: a.ref, amount: dollars(a.premium!) },
      { reference: b.ref, amount: dollars(b.premium! - 100) },
    ])
    expect(short.status).toBe(400)
    expect(short.body.errors.parts[0]).toMatch(/^The parts add up to A\$[\d,.]+; the line is A\$/)
    const unknown = await split(line.id, [
      { reference: a.ref, amount: dollars(a.premium!) },
      { reference: 'POL-NOPE-1', amount: dollars(b.premium!) },
    ])
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors['parts.1.reference'][0]).toBe(
      'Nothing waits for a bank transfer under POL-NOPE-1',
    )
    const one = await split(line.id, [{ reference: a.ref, amount: dollars(total) }])
    expect(one.status).toBe(400)
    expect((await linesOf(statement.id)).map((l) => l.state)).toEqual(['unmatched'])

    const done = await split(line.id, [
      { reference: a.ref, amount: dollars(a.premium!) },
      { reference: ` ${b.ref.toLowerCase()} `, amount: dollars(b.premium!) },
    ])
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.data).toMatchObject({ line_id: line.id, state: 'split' })
    const parts = done.body.data.parts as { line_id: number; matched_id: number; state: string }[]
    expect(parts.map((p) => [p.state, p.matched_id])).toEqual([
      ['assigned', a.id],
      ['assigned', b.id],
    ])
    // The screen lists the parts under their line and counts the money once.
    const view = await api('GET', `${BS}/${statement.id}`, { token: checker })
    expect(view.body.data.lines.map((l: { id: number; state: string }) => [l.id, l.state])).toEqual([
      [line.id, 'split'],
      [parts[0].line_id, 'assigned'],
      [parts[1].line_id, 'assigned'],
    ])
    expect(view.body.data.totals).toMatchObject({ credits_cents: total, assigned_cents: total })
    expect(
      (
        await split(line.id, [
          { reference: a.ref, amount: '1' },
          { reference: b.ref, amount: '1' },
        ])
      ).status,
    ).toBe(409)

    for (const p of parts) expect((await confirm(p.line_id)).status).toBe(200)
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['PAYMENT_APPROVED', 'PAYMENT_APPROVED'])
    expect(
      (
        await split(parts[0].line_id, [
          { reference: a.ref, amount: '1' },
          { reference: b.ref, amount: '1' },
        ])
      ).status,
    ).toBe(409)
    // The file again adds nothing: neither the line nor its parts.
    const again = await upload(csv)
    expect(again.body.data).toMatchObject({ new_line_count: 0 })
    expect((await linesOf(statement.id)).map((l) => l.state)).toEqual(['split', 'confirmed', 'confirmed'])
  })

  it('refuses a record another line holds, and leaves the line whole', async () => {
    const [a, b] = [await waitingPolicy(), await waitingPolicy()]
    const statement = await imported(
      amountCsv([
        { narrative: `OSHC ${a.ref}`, amount: a.premium!, balance: 12_000_000 + nextSeq() },
        { narrative: 'Two at once', amount: a.premium! + b.premium!, balance: 12_000_000 + nextSeq() },
      ]),
    )
    const [exact, both] = await linesOf(statement.id)
    expect(exact.state).toBe('exact')
    const refused = await split(both.id, [
      { reference: a.ref, amount: dollars(a.premium!) },
      { reference: b.ref, amount: dollars(b.premium!) },
    ])
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(`Statement line #${exact.id} is already matched to ${a.ref}`)
    expect((await linesOf(statement.id)).map((l) => l.state)).toEqual(['exact', 'unmatched'])
    expect(
      (
        await split(exact.id, [
          { reference: a.ref, amount: '1' },
          { reference: b.ref, amount: '1' },
        ])
      ).status,
    ).toBe(409)
  })

  it('and two lines assigned to one record at once: exactly one takes it', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await waitingPolicy()
      const statement = await imported(
        amountCsv([
          { narrative: 'First transfer', amount: a.premium!, balance: 13_000_000 + nextSeq() },
          { narrative: 'Second transfer', amount: a.premium! + 1, balance: 13_000_000 + nextSeq() },
        ]),
      )
      const lines = await linesOf(statement.id)
      const answers = await Promise.all(
        lines.map((l) =>
          api('POST', `${BS}/lines/${l.id}/assign`, { token: checker, body: { reference: a.ref } }),
        ),
      )
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
      const held = (await linesOf(statement.id)).filter((l) => l.matched_id === a.id)
      expect(held.map((l) => l.state)).toEqual(['assigned'])
    }
  })
})
