import { endpoint, ok, type Endpoint } from '../define'
import { MAX_FILE_SIZE } from '../../domain/files/files.schemas'
import {
  AssignStatementLineSchema,
  ImportStatementSchema,
  SaveStatementMappingSchema,
  StatementIdSchema,
  StatementLineIdSchema,
  SplitStatementLineSchema,
} from '../../domain/finance/statements/statements.schemas'
import { importBankStatement } from '../../domain/finance/statements/import-bank-statement'
import { findBankStatements } from '../../domain/finance/statements/find-bank-statements'
import { getBankStatement } from '../../domain/finance/statements/get-bank-statement'
import { confirmStatementMatch } from '../../domain/finance/statements/confirm-statement-match'
import { confirmExactMatches } from '../../domain/finance/statements/confirm-exact-matches'
import { markStatementLineNotOurs } from '../../domain/finance/statements/mark-statement-line-not-ours'
import { assignStatementLine } from '../../domain/finance/statements/assign-statement-line'
import { splitStatementLine } from '../../domain/finance/statements/split-statement-line'
import { saveStatementMapping } from '../../domain/finance/statements/save-statement-mapping'
import { findStatementMappings } from '../../domain/finance/statements/find-statement-mappings'

/** Bank statement matching (issue 25): calls beside the specification's finance-management ones. */
const OSHC = '/oshc/finance-management/bank-statements'

export const statementEndpoints: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: OSHC,
    summary:
      "Import a bank statement: { file_name, content } with the file's text: CSV (columns found from the header row), OFX or ISO 20022 camt.053. Lines already stored (same or overlapping file) are not added again; open credit lines are matched. 400 naming the line for a bad file",
    access: importBankStatement.access,
    body: ImportStatementSchema,
    // The file's text inside JSON: room for MAX_FILE_SIZE and its escaping.
    bodyLimit: MAX_FILE_SIZE * 2,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      ...ok(await importBankStatement({ actor, input: body }), 'Statement imported'),
    }),
  }),
  endpoint({
    method: 'GET',
    path: OSHC,
    summary: 'The bank statements uploaded, newest first (at most 100), with their open line counts',
    access: findBankStatements.access,
    handler: async ({ actor }) => ok(await findBankStatements({ actor })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/{statement_id}`,
    summary: 'One bank statement: its lines with match state and target, and the totals per state',
    access: getBankStatement.access,
    params: StatementIdSchema,
    handler: async ({ actor, params }) =>
      ok(await getBankStatement({ actor, statementId: params.statement_id })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/{statement_id}/confirm-exact`,
    summary:
      'Confirm every exact match of a statement, each through its own verification; per-line results (one refusal does not stop the others)',
    access: confirmExactMatches.access,
    params: StatementIdSchema,
    handler: async ({ actor, params }) =>
      ok(await confirmExactMatches({ actor, statementId: params.statement_id }), 'Exact matches processed'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/lines/{line_id}/confirm`,
    summary:
      "Confirm a line's match: the payment or top-up is approved through its usual verification, then the line is confirmed. A premium paid short is recorded as a part payment (policy.outcome part, still_due_cents; the payment keeps waiting); over, it is paid and the excess held in suspense (outcome over, excess_cents). 409 when already confirmed or no longer waiting; 403 for the statement's uploader over STATEMENT_SELF_CONFIRM_LIMIT_CENTS",
    access: confirmStatementMatch.access,
    params: StatementLineIdSchema,
    handler: async ({ actor, params }) =>
      ok(await confirmStatementMatch({ actor, lineId: params.line_id }), 'Match confirmed'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/lines/{line_id}/assign`,
    summary:
      "Assign a line by hand: { reference } of what waits for a bank transfer of the line's amount (POL-…, TOPUP-…, INV-…, PB-…; a premium may be paid short or over); the line turns assigned and is confirmed like any match. 400 for an unknown reference, or a top-up or batch of another amount; 409 for a confirmed, not-ours or exact line, or a payment another line holds",
    access: assignStatementLine.access,
    params: StatementLineIdSchema,
    body: AssignStatementLineSchema,
    handler: async ({ actor, params, body }) =>
      ok(await assignStatementLine({ actor, lineId: params.line_id, input: body }), 'Line assigned'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/lines/{line_id}/split`,
    summary:
      'Split a credit line paying several records: { parts: [{ reference, amount }] } (2 to 10, adding up to the line). Each part becomes a line of its own assigned to what its reference names (as assign does) and is confirmed on its own; the line turns split. 400 naming parts or parts.<i>.reference; 409 for a confirmed, not-ours, exact or split line, a part, a debit, or a record another line holds',
    access: splitStatementLine.access,
    params: StatementLineIdSchema,
    body: SplitStatementLineSchema,
    handler: async ({ actor, params, body }) =>
      ok(await splitStatementLine({ actor, lineId: params.line_id, input: body }), 'Line split'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/lines/{line_id}/not-ours`,
    summary: 'Mark a statement line as not ours (its match dropped). 409 for a confirmed line',
    access: markStatementLineNotOurs.access,
    params: StatementLineIdSchema,
    handler: async ({ actor, params }) =>
      ok(await markStatementLineNotOurs({ actor, lineId: params.line_id }), 'Marked not ours'),
  }),
  endpoint({
    method: 'GET',
    path: '/oshc/finance-management/bank-statement-mappings',
    summary: "The bank accounts' saved CSV column mappings, by account name",
    access: findStatementMappings.access,
    handler: async ({ actor }) => ok(await findStatementMappings({ actor })),
  }),
  endpoint({
    method: 'POST',
    path: '/oshc/finance-management/bank-statement-mappings',
    summary:
      "Save a bank account's CSV column mapping: { bank_account, header (the export's header row), columns: { date, description?, reference?, payer?, amount? or debit? and credit?, balance?, account? } naming header cells }. A statement with exactly this header row is read with it; saved again under the same account, it replaces the old one. 400 naming the column",
    access: saveStatementMapping.access,
    body: SaveStatementMappingSchema,
    handler: async ({ actor, body }) =>
      ok(await saveStatementMapping({ actor, input: body }), 'Mapping saved'),
  }),
]
