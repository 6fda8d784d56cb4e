import { fileHref, filePreviewHref } from '../../utils/file-href'
import { formatDateTime, formatCents } from '../../utils/misc'
import { PdfPreview } from '../pdf-preview'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card'

type Evidence = { key: string; name: string; kind: 'pdf' | 'image' | 'other' }

/**
 * The record's files, shown in the page: PDFs drawn with pdf.js, images as images, anything else
 * a download; each with its download link.
 */
export function TaskEvidence({ files }: { files: Evidence[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Evidence</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {files.length === 0 ? (
          <p className="text-sm text-muted-foreground">No document is attached to this record.</p>
        ) : null}
        {files.map((f) => (
          <section key={f.key} className="space-y-2" aria-label={f.name}>
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="font-medium">{f.name}</span>
              <a className="text-primary hover:underline" href={fileHref(f.key)}>
                Download
              </a>
            </div>
            {f.kind === 'pdf' ? (
              <PdfPreview src={filePreviewHref(f.key)} title={f.name} />
            ) : f.kind === 'image' ? (
              <img
                src={filePreviewHref(f.key)}
                alt={f.name}
                className="max-h-[70vh] max-w-full rounded-md border"
              />
            ) : null}
          </section>
        ))}
      </CardContent>
    </Card>
  )
}

type TrailRow = {
  id: number
  at: string | Date
  label: string
  from: string
  to: string
  amount: number
  state: string
  by: string
}

/** The record's money trail from the journal, newest first. */
export function TaskTrail({ rows }: { rows: TrailRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Money trail</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No money has moved for this record yet.</p>
        ) : (
          <ol className="space-y-3 text-sm">
            {rows.map((t) => (
              <li key={t.id} className="flex flex-wrap justify-between gap-x-4 border-b pb-2 last:border-0">
                <span>
                  <span className="font-medium">{t.label}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t.from} → {t.to} · {t.state} · {formatDateTime(t.at)}
                    {t.by ? ` · ${t.by}` : ''}
                  </span>
                </span>
                <span className="tabular-nums">{formatCents(t.amount)}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}

type HistoryRow = {
  at: string | Date
  action: string
  from: string | null
  to: string | null
  by: string
  note: string | null
}

/** The record's history, oldest first. */
export function TaskHistory({ rows }: { rows: HistoryRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">History</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has happened to this record yet.</p>
        ) : (
          <ol className="space-y-3 text-sm">
            {rows.map((h, i) => (
              <li key={i} className="border-b pb-2 last:border-0">
                <span className="font-medium">{h.action}</span>
                {h.to ? (
                  <span className="text-muted-foreground">
                    {' '}
                    ({h.from ? `${h.from} → ` : ''}
                    {h.to})
                  </span>
                ) : null}
                <span className="block text-xs text-muted-foreground">
                  {formatDateTime(h.at)}
                  {h.by ? ` · ${h.by}` : ''}
                </span>
                {h.note ? <span className="block">{h.note}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
