import type { RefundView } from '../../utils/refunds.server'
import {
  FULL_REFUND_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  REFUND_ACTION_LABELS,
  labelOf,
} from '../../utils/labels'
import { formatDate, formatDateTime, formatMoney } from '../../utils/misc'
import { statusTone } from '../status-badge'
import { Badge } from '../ui/badge'

/** A term and its value in the refund's description list. */
function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  )
}

/**
 * The refund and the cancellation of one policy as both sides read them: status, reason, the
 * amounts (refundable premium, commission deducted, what the agency receives), how it was paid,
 * the documents, the cancellation steps and the timeline.
 */
export function RefundSummary({ view, showFiles = true }: { view: RefundView; showFiles?: boolean }) {
  const r = view.refund
  return (
    <div className="space-y-4 text-sm">
      {r ? (
        <dl className="divide-y">
          <Row term="Refund">
            <Badge variant={statusTone(r.status)}>{labelOf(FULL_REFUND_STATUS_LABELS, r.status)}</Badge>
          </Row>
          <Row term="Reason">{r.reason}</Row>
          <Row term="Premium paid">{formatMoney(view.premiumPaid)}</Row>
          {r.refundable !== null ? (
            <>
              <Row term="Refundable premium">{formatMoney(r.refundable)}</Row>
              <Row term="Commission deducted">{formatMoney(r.deducted ?? 0)}</Row>
              <Row term="Refund to the agency">{formatMoney(r.net ?? 0)}</Row>
            </>
          ) : (
            <Row term="Amounts">Not set yet</Row>
          )}
          {r.paymentMethod ? (
            <Row term="Paid by">{labelOf(PAYMENT_METHOD_LABELS, r.paymentMethod)}</Row>
          ) : null}
          {r.receiptId ? <Row term="Receipt">{r.receiptId}</Row> : null}
          {r.completedAt ? <Row term="Paid on">{formatDateTime(r.completedAt)}</Row> : null}
          {r.rejectionReason ? <Row term="Rejection reason">{r.rejectionReason}</Row> : null}
          {r.clawbackId ? (
            <Row term="Clawback">#{r.clawbackId} opened for the paid-out commission</Row>
          ) : null}
        </dl>
      ) : (
        <p className="text-muted-foreground">No full refund has been requested for this policy.</p>
      )}
      <dl className="divide-y">
        <Row term="Cancellation">{view.cancellation.label}</Row>
        {view.cancellation.date ? (
          <Row term="Cancelled from">{formatDate(view.cancellation.date)}</Row>
        ) : null}
        {view.cancellation.refundMethodLabel ? (
          <Row term="Refund method">{view.cancellation.refundMethodLabel}</Row>
        ) : null}
      </dl>
      {view.cancellation.status !== 'NO_CANCELLATION' ? (
        <ul aria-label="Cancellation steps" className="space-y-1">
          {view.cancellation.steps.map((s) => (
            <li key={s.id} className="flex justify-between gap-4">
              <span>{s.name}</span>
              <span className={s.done ? 'text-success' : 'text-muted-foreground'}>
                {s.done && s.doneAt ? `Done ${formatDateTime(s.doneAt)}` : 'Not done'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {showFiles && view.files.length ? (
        <div>
          <h4 className="font-medium">Refund documents</h4>
          <ul className="list-disc pl-5">
            {view.files.map((f) => (
              <li key={f.id}>
                <a href={f.url} className="text-primary hover:underline">
                  {f.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.history.length ? (
        <div>
          <h4 className="font-medium">Refund timeline</h4>
          <ol className="space-y-1">
            {view.history.map((h) => (
              <li key={h.id}>
                <span className="text-muted-foreground">{formatDateTime(h.at)}</span>{' '}
                {labelOf(REFUND_ACTION_LABELS, h.action)}
                {h.note ? `: ${h.note}` : ''} <span className="text-muted-foreground">({h.actor})</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  )
}
