import { Form } from '@remix-run/react'
import { formatDateTime } from '../../utils/misc'
import {
  TICKET_PRIORITY_LABELS,
  TICKET_PROJECT_LABELS,
  TICKET_STAGE_LABELS,
  TICKET_TYPE_LABELS,
} from '../../utils/labels'
import { SubmitButton } from '../forms'
import { Badge } from '../ui/badge'
import { Button } from '../ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card'
import { Label } from '../ui/label'
import { Textarea } from '../ui/textarea'

type Person = { first_name: string | null; last_name: string | null; email: string } | null
export type TicketView = {
  id: number
  title: string
  description: string
  type: keyof typeof TICKET_TYPE_LABELS
  priority: keyof typeof TICKET_PRIORITY_LABELS
  project_name: keyof typeof TICKET_PROJECT_LABELS
  stage: keyof typeof TICKET_STAGE_LABELS
  is_archived: boolean
  created_at: string | Date
  reporter: Person
  comments: { id: number; content: string; created_at: string | Date; is_mine: boolean; commentor: Person }[]
}

const STAGES = ['BACKLOG', 'TODO', 'IN_PROGRESS', 'DONE'] as const
const nameOf = (p: Person) =>
  p ? [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email : 'Someone'

/** A ticket with its comments; staff also move it between stages, archive and delete it. */
export function TicketDetail({
  ticket: t,
  staff,
  error,
}: {
  ticket: TicketView
  staff: boolean
  error?: string | null
}) {
  const at = STAGES.indexOf(t.stage)
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="flex flex-wrap items-center gap-2">
            #{t.id} {t.title}
            <Badge variant="info">{TICKET_STAGE_LABELS[t.stage]}</Badge>
            {t.is_archived ? <Badge variant="neutral">Archived</Badge> : null}
          </CardTitle>
          <CardDescription>
            {TICKET_TYPE_LABELS[t.type]} · {TICKET_PRIORITY_LABELS[t.priority]} priority ·{' '}
            {TICKET_PROJECT_LABELS[t.project_name]} · reported by {nameOf(t.reporter)} on{' '}
            {formatDateTime(t.created_at)}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="whitespace-pre-wrap">{t.description}</p>
          {staff ? (
            <Form method="post" className="flex flex-wrap gap-2">
              {at > 0 ? (
                <Button type="submit" name="stage" value={STAGES[at - 1]} variant="outline" size="sm">
                  Back to {TICKET_STAGE_LABELS[STAGES[at - 1]]}
                </Button>
              ) : null}
              {at < STAGES.length - 1 ? (
                <Button type="submit" name="stage" value={STAGES[at + 1]} size="sm">
                  Move to {TICKET_STAGE_LABELS[STAGES[at + 1]]}
                </Button>
              ) : null}
              <Button
                type="submit"
                name="intent"
                value={t.is_archived ? 'restore' : 'archive'}
                variant="outline"
                size="sm"
              >
                {t.is_archived ? 'Restore' : 'Archive'}
              </Button>
              <Button type="submit" name="intent" value="delete" variant="outline" size="sm">
                Delete ticket
              </Button>
              <input type="hidden" name="intent" value="stage" />
            </Form>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <section aria-labelledby="comments-title" className="space-y-3">
        <h3 id="comments-title" className="text-lg font-semibold">
          Comments
        </h3>
        {t.comments.length ? null : <p className="text-sm text-muted-foreground">No comments yet.</p>}
        <ul className="space-y-3">
          {t.comments.map((c) => (
            <li key={c.id} className="rounded-md border p-3">
              <p className="text-sm text-muted-foreground">
                {nameOf(c.commentor)}, {formatDateTime(c.created_at)}
              </p>
              <p className="whitespace-pre-wrap">{c.content}</p>
              {c.is_mine ? (
                <Form method="post" className="mt-2 space-y-2">
                  <input type="hidden" name="comment_id" value={c.id} />
                  <Label htmlFor={`edit-${c.id}`} className="sr-only">
                    Edit your comment
                  </Label>
                  <Textarea id={`edit-${c.id}`} name="content" defaultValue={c.content} rows={2} />
                  <div className="flex gap-2">
                    <Button type="submit" name="intent" value="edit-comment" variant="outline" size="sm">
                      Save comment
                    </Button>
                    <Button type="submit" name="intent" value="delete-comment" variant="outline" size="sm">
                      Delete comment
                    </Button>
                  </div>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="comment" />
          <Label htmlFor="new-comment">Add a comment</Label>
          <Textarea id="new-comment" name="content" rows={3} required />
          <SubmitButton>Post comment</SubmitButton>
        </Form>
      </section>
    </div>
  )
}
