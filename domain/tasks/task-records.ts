// What a staff task's view reads (issue 29): the task, the record its process key names, that
// record's evidence (files), money trail (journal transfers) and history, and the queue's next task.
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, oshcUsers, tasks } from '../../db/schema'
import { notFound } from '../shared/errors'
import {
  actorDisplay,
  AGENCY_ACTION_LABELS,
  labelOf,
  PAYOUT_ACTION_LABELS,
  REFUND_ACTION_LABELS,
  REQUEST_STATUS_LABELS,
} from '../shared/labels'
import { STATUS_LABELS } from '../policies/policies.rules'
import { accountLabel, transferCodeLabel, transferStateLabel } from '../money/labels'
import { TASK_COLUMNS } from './find-tasks'
import { BULK_KINDS, type BulkKind } from '../finance/bulk/bulk-decisions.schemas'

/** What a task's process key names: `policy-payment-12` is policy 12. */
export type TaskRecord = {
  type: 'policy' | 'topup' | 'payout' | 'bnpl' | 'amendment' | 'clawback' | 'agency'
  id: number
}

const RECORD_KEYS: [RegExp, TaskRecord['type']][] = [
  [/^policy-payment-(\d+)$/, 'policy'],
  [/^full-refund-(\d+)$/, 'policy'],
  [/^topup-(\d+)$/, 'topup'],
  [/^payout-(\d+)$/, 'payout'],
  [/^bnpl-(\d+)$/, 'bnpl'],
  [/^amendment-(\d+)$/, 'amendment'],
  [/^clawback-(\d+)$/, 'clawback'],
  [/^agency-onboarding-(\d+)$/, 'agency'],
]

export function recordOfTask(workflowId: string): TaskRecord | null {
  for (const [pattern, type] of RECORD_KEYS) {
    const m = pattern.exec(workflowId)
    if (m) return { type, id: Number(m[1]) }
  }
  return null
}

/** The storage keys of a record's evidence, each query naming its files' keys `key`. */
const EVIDENCE: Record<TaskRecord['type'], (id: number) => ReturnType<typeof sql>> = {
  policy: (id) => sql`
    select url as key from policy_files where policy_id = ${id}
    union select bank_document from policy_premium_payments where policy_id = ${id}`,
  topup: (id) => sql`select receipt_url as key from agency_topups where id = ${id}`,
  payout: (id) => sql`select bank_document as key from commission_payouts where id = ${id}`,
  bnpl: (id) => sql`select bank_document as key from bnpl_payment_requests where id = ${id}`,
  amendment: (id) => sql`
    select ammendment_document_url as key from amendment_documents where amendment_id = ${id}
    union select bank_document from amendment_payments where amendment_id = ${id}`,
  clawback: (id) => sql`
    select bank_document_url as key from clawbacks where id = ${id}
    union select clawback_document from clawbacks where id = ${id}`,
  agency: (id) => sql`
    select signed_agreement as key from agency_documents where agency_id = ${id}
    union select unsigned_agreement from agency_documents where agency_id = ${id}`,
}

/** The journal column naming the record on a transfer (a BNPL request's money is its agency's). */
const TRANSFER_COLUMN: Partial<Record<TaskRecord['type'], string>> = {
  policy: 'policy_id',
  topup: 'topup_id',
  payout: 'payout_id',
  amendment: 'amendment_id',
  clawback: 'clawback_id',
}

/** The record's timeline, oldest first: a policy's (an amendment's is its policy's) or a request's. */
function historyQuery(record: TaskRecord) {
  const requestType = { payout: 'COMMISSION_PAYOUT', bnpl: 'BNPL_PAYMENT', clawback: 'CLAWBACK' } as const
  if (record.type === 'policy' || record.type === 'amendment') {
    const policyId =
      record.type === 'policy'
        ? sql`${record.id}`
        : sql`(select policy_id from amendments where id = ${record.id})`
    return sql`select created_at, action, from_status::text, status::text as to_status, actor, note
      from policy_histories where policy_id = ${policyId} order by created_at, id`
  }
  if (record.type in requestType)
    return sql`select created_at, action, from_status, to_status, actor, note
      from finance_request_histories
      where request_type = ${requestType[record.type as keyof typeof requestType]} and request_id = ${record.id}
      order by created_at, id`
  if (record.type === 'agency')
    return sql`select created_at, action, null as from_status, null as to_status, actor, note
      from agency_histories where agency_id = ${record.id} order by created_at, id`
  return null
}

type EvidenceRow = { key: string; filename: string; content_type: string }
type TransferRow = {
  id: number
  created_at: string
  code: string
  state: string
  amount: string
  debit: string
  credit: string
  actor: string
}
type HistoryRow = {
  created_at: string
  action: string
  from_status: string | null
  to_status: string | null
  actor: string
  note: string | null
}

/** How the view shows a file: PDFs drawn with pdf.js, images in the page, anything else a link. */
const previewKind = (contentType: string): 'pdf' | 'image' | 'other' =>
  contentType === 'application/pdf' ? 'pdf' : contentType.startsWith('image/') ? 'image' : 'other'

/** The newest transfers a task view lists (a policy's trail is short; an agency's may not be). */
const TRAIL_LIMIT = 50

const ACTION_LABELS = { ...AGENCY_ACTION_LABELS, ...REFUND_ACTION_LABELS, ...PAYOUT_ACTION_LABELS }
const HISTORY_STATUS_LABELS: Record<string, string> = { ...REQUEST_STATUS_LABELS, ...STATUS_LABELS }

export const bulkKindOf = (kind: string): BulkKind | null =>
  (BULK_KINDS as readonly string[]).includes(kind) ? (kind as BulkKind) : null

/**
 * The next open task of `kind` after `afterId` for this person: unclaimed or theirs, due first
 * (no due date last), then oldest. Null when the queue is empty.
 */
export async function nextTaskId(identityId: number, kind: string, afterId: number): Promise<number | null> {
  const [next] = await getDb()
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.audience, 'staff'),
        eq(tasks.kind, kind),
        isNull(tasks.closed_at),
        ne(tasks.id, afterId),
        sql`(${tasks.assignee_id} is null or ${tasks.assignee_id} = ${identityId})`,
      ),
    )
    .orderBy(sql`${tasks.due_at} asc nulls last`, asc(tasks.opened_at), asc(tasks.id))
    .limit(1)
  return next?.id ?? null
}

/** The policy a task's record is about: a policy's own id, an amendment's policy; else null. */
export async function policyOfRecord(record: TaskRecord | null): Promise<number | null> {
  if (record?.type === 'policy') return record.id
  if (record?.type !== 'amendment') return null
  const { rows } = await getDb().execute<{ policy_id: number }>(
    sql`select policy_id from amendments where id = ${record.id}`,
  )
  return rows[0]?.policy_id ?? null
}

/** One staff task with its agency and claimant; NOT_FOUND for any other. */
export async function loadStaffTask(taskId: number) {
  const [task] = await getDb()
    .select(TASK_COLUMNS)
    .from(tasks)
    .leftJoin(agencies, eq(agencies.id, tasks.agency_id))
    .leftJoin(oshcUsers, eq(oshcUsers.identity_id, tasks.assignee_id))
    .where(and(eq(tasks.id, taskId), eq(tasks.audience, 'staff')))
  if (!task) throw notFound('Task')
  return task
}

/**
 * The record's evidence files (newest first), money trail (its journal transfers, newest first)
 * and history (oldest first), in words; all empty for a task naming no record.
 */
export async function readTaskRecord(record: TaskRecord | null) {
  const db = getDb()
  const column = record && TRANSFER_COLUMN[record.type]
  const history = record && historyQuery(record)
  const [evidence, trail, timeline] = await Promise.all([
    record
      ? db.execute<EvidenceRow>(sql`
          select f.key, f.filename, f.content_type from files f
          where f.key in (select key from (${EVIDENCE[record.type](record.id)}) k where key is not null)
          order by f.created_at desc, f.id desc`)
      : null,
    record && column
      ? db.execute<TransferRow>(sql`
          select t.id, t.created_at, t.code, t.state, t.amount, d.code as debit, c.code as credit, t.actor
          from money_transfers t
          join money_accounts d on d.id = t.debit_account_id
          join money_accounts c on c.id = t.credit_account_id
          where t.${sql.raw(column)} = ${record.id}
          order by t.id desc limit ${TRAIL_LIMIT}`)
      : null,
    history ? db.execute<HistoryRow>(history) : null,
  ])
  return {
    evidence: (evidence?.rows ?? []).map((f) => ({
      key: f.key,
      name: f.filename,
      kind: previewKind(f.content_type),
    })),
    trail: (trail?.rows ?? []).map((t) => ({
      id: t.id,
      at: new Date(t.created_at),
      label: transferCodeLabel(t.code),
      from: accountLabel(t.debit),
      to: accountLabel(t.credit),
      amount: Number(t.amount),
      state: transferStateLabel(t.state),
      by: actorDisplay(t.actor),
    })),
    history: (timeline?.rows ?? []).map((h) => ({
      at: new Date(h.created_at),
      action: labelOf(ACTION_LABELS, h.action),
      from: labelOf(HISTORY_STATUS_LABELS, h.from_status) || null,
      to: labelOf(HISTORY_STATUS_LABELS, h.to_status) || null,
      by: actorDisplay(h.actor),
      note: h.note,
    })),
  }
}
