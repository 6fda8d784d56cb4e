import { getTextareaProps } from '@conform-to/react'
import { formatDateTime } from '../../utils/misc'
import {
  TICKET_PRIORITY_LABELS,
  TICKET_PROJECT_LABELS,
  TICKET_STAGE_LABELS,
  TICKET_TYPE_LABELS,
} from '../../utils/labels'
import { ConformForm, ErrorList, type FormSchema, SubmitButton, useConformForm, useResultFor } from '../forms'
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

/** The page's forms' schemas (TICKET_FORMS, passed by the route). */
export type TicketForms = Record<
  'comment' | 'editComment' | 'deleteComment' | 'stage' | 'archive' | 'delete',
  FormSchema
>

const STAGES = ['BACKLOG', 'TODO', 'IN_PROGRESS', 'DONE'] as const
const nameOf = (p: Person) =>
  p ? [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email : 'Someone'

/** A ticket with its comments; staff also move it between stages, archive and delete it. */
export function TicketDetail({
  ticket: t,
  staff,
  forms,
}: {
  ticket: TicketView
  staff: boolean
  forms: TicketForms
}) {
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
          {staff ? <StaffMoves ticket={t} forms={forms} /> : null}
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
              {c.is_mine ? <OwnComment comment={c} forms={forms} /> : null}
            </li>
          ))}
        </ul>
        <NewComment schema={forms.comment} />
      </section>
    </div>
  )
}

/** Staff's buttons: the stage before and after, archive or restore, delete. */
function StaffMoves({ ticket: t, forms }: { ticket: TicketView; forms: TicketForms }) {
  const at = STAGES.indexOf(t.stage)
  const toggle = t.is_archived ? 'restore' : 'archive'
  const [stage] = useConformForm(forms.stage, { intent: 'stage' })
  const [archive] = useConformForm(forms.archive, { intent: toggle })
  const [remove] = useConformForm(forms.delete, { intent: 'delete' })
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <ConformForm form={stage} intent="stage" className="flex flex-wrap gap-2">
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
        </ConformForm>
        <ConformForm form={archive} intent={toggle}>
          <SubmitButton variant="outline" size="sm">
            {t.is_archived ? 'Restore' : 'Archive'}
          </SubmitButton>
        </ConformForm>
        <ConformForm form={remove} intent="delete">
          <SubmitButton variant="outline" size="sm">
            Delete ticket
          </SubmitButton>
        </ConformForm>
      </div>
      {[stage, archive, remove].map((f) => (
        <ErrorList key={f.id} id={f.errorId} errors={f.errors} />
      ))}
    </div>
  )
}

type Comment = TicketView['comments'][number]

/** One's own comment: edit it or delete it (a refusal shows under the comment it was about). */
function OwnComment({ comment: c, forms }: { comment: Comment; forms: TicketForms }) {
  const edited = useResultFor('edit-comment')
  const deleted = useResultFor('delete-comment')
  const about = (r: typeof edited) => (r?.initialValue?.comment_id === String(c.id) ? r : null)
  const [edit, fields] = useConformForm(forms.editComment, {
    id: `edit-comment-${c.id}`,
    lastResult: about(edited),
    defaultValue: { content: c.content },
  })
  const [remove] = useConformForm(forms.deleteComment, {
    id: `delete-comment-${c.id}`,
    lastResult: about(deleted),
  })
  return (
    <div className="mt-2 space-y-2">
      <ConformForm form={edit} intent="edit-comment" className="space-y-2">
        <input type="hidden" name="comment_id" value={c.id} />
        <Label htmlFor={fields.content.id} className="sr-only">
          Edit your comment
        </Label>
        <Textarea {...getTextareaProps(fields.content)} rows={2} />
        <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
        <ErrorList id={edit.errorId} errors={edit.errors} />
        <SubmitButton variant="outline" size="sm">
          Save comment
        </SubmitButton>
      </ConformForm>
      <ConformForm form={remove} intent="delete-comment">
        <input type="hidden" name="comment_id" value={c.id} />
        <ErrorList id={remove.errorId} errors={remove.errors} />
        <SubmitButton variant="outline" size="sm">
          Delete comment
        </SubmitButton>
      </ConformForm>
    </div>
  )
}

function NewComment({ schema }: { schema: FormSchema }) {
  const [form, fields] = useConformForm(schema, { intent: 'comment' })
  return (
    <ConformForm form={form} intent="comment" className="space-y-2">
      <Label htmlFor={fields.content.id}>Add a comment</Label>
      <Textarea {...getTextareaProps(fields.content)} rows={3} />
      <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>Post comment</SubmitButton>
    </ConformForm>
  )
}
