import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bankStatementLines, bankStatements } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { validation } from '../../shared/errors'
import { parseStatementCsv, type ParsedLine, type SavedMapping } from './statement-csv'
import { loadStatementMappings } from './find-statement-mappings'
import { parseStatementCamt } from './statement-camt'
import { parseStatementOfx } from './statement-ofx'
import { matchOpenLines } from './statement-matching'
import { ImportStatementSchema } from './statements.schemas'
import { lineHash } from './statements.rules'

/**
 * The file's lines with their hashes (identical lines of one file told apart by their order). A
 * line without a reference is keyed by its description instead, so two different transfers of one
 * day and amount in files without running balances are not taken for one.
 */
function hashed(lines: ParsedLine[]) {
  const seen = new Map<string, number>()
  return lines.map((line) => {
    const key = { ...line, reference: line.reference || line.description }
    const base = lineHash(key)
    const occurrence = seen.get(base) ?? 0
    seen.set(base, occurrence + 1)
    return { line, hash: occurrence ? lineHash(key, occurrence) : base }
  })
}

/** The file's format from its first characters: OFX, camt.053 (XML), else CSV (with the saved mappings). */
function parseStatement(content: string, mappings: SavedMapping[]) {
  const head = content.trimStart().slice(0, 2000)
  if (/^OFXHEADER|<OFX>/i.test(head)) return parseStatementOfx(content)
  if (head.startsWith('<'))
    return /<OFX>/i.test(content.slice(0, 10_000)) ? parseStatementOfx(content) : parseStatementCamt(content)
  return parseStatementCsv(content, mappings)
}

/**
 * Imports a bank statement (staff with finance; issue 25): a CSV file whose columns are found
 * from its header row (a bank account's saved mapping of that header row, else the presets), an
 * OFX file or an ISO 20022 camt.053 statement. Each line is stored once across uploads (its
 * hash): re-uploading the same or an overlapping file adds only the lines not seen before
 * (`new_line_count`). Then every open
 * credit line is matched to what the product waits to receive by bank transfer (exact by
 * reference and amount, or proposed); nothing is approved here. A bad file is a 400 naming its line.
 */
export const importBankStatement = defineUseCase(
  { staff: ['finance'] },
  async function importBankStatement(opts: { actor: StaffActor; input: unknown }) {
    const parsed = ImportStatementSchema.safeParse(opts.input)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw validation(issue.path[0] === 'file_name' ? 'file_name' : 'file', issue.message)
    }
    const input = parsed.data
    const { format, lines } = parseStatement(input.content, await loadStatementMappings())
    const rows = hashed(lines)
    return getDb().transaction(async (tx) => {
      const [statement] = await tx
        .insert(bankStatements)
        .values({
          file_name: input.file_name,
          format,
          uploaded_by_identity_id: opts.actor.identityId,
          line_count: rows.length,
        })
        .returning()
      let added = 0
      // In chunks: one INSERT holds at most 65,535 parameters.
      for (let i = 0; i < rows.length; i += 1000) {
        const inserted = await tx
          .insert(bankStatementLines)
          .values(
            rows.slice(i, i + 1000).map(({ line, hash }) => ({
              statement_id: statement.id,
              line_hash: hash,
              booked_on: line.bookedOn,
              amount_cents: line.amountCents,
              description: line.description,
              reference: line.reference,
              payer: line.payer,
              balance_cents: line.balanceCents,
            })),
          )
          .onConflictDoNothing({ target: bankStatementLines.line_hash })
          .returning({ id: bankStatementLines.id })
        added += inserted.length
      }
      await tx
        .update(bankStatements)
        .set({ new_line_count: added })
        .where(eq(bankStatements.id, statement.id))
      await matchOpenLines(tx)
      return {
        id: statement.id,
        file_name: statement.file_name,
        format,
        line_count: rows.length,
        new_line_count: added,
      }
    })
  },
)
