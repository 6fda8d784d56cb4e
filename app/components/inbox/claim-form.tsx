import { ConformForm, ErrorList, useConformForm, useResultFor, type FormSchema } from '../forms'
import { Button } from '../ui/button'

/**
 * A task's owner and its Claim or Release button (an action, never a side effect of opening the
 * task: Remix prefetches links); a refusal shows under them. The inbox's rows and the task view.
 */
export function ClaimForm({
  schema,
  t,
}: {
  /** ClaimSchema, as the page's action parses it. */
  schema: FormSchema
  t: { id: number; subject: string; assignee_id: number | null; assignee_name: string | null; mine: boolean }
}) {
  const reply = useResultFor('claim', 'release')
  const [form] = useConformForm(schema, {
    id: `claim-${t.id}`,
    lastResult: reply?.initialValue?.taskId === String(t.id) ? reply : null,
  })
  // Yours to release, free to claim, or another person's (nothing to do).
  const verb = t.mine ? 'Release' : t.assignee_id ? null : 'Claim'
  return (
    <ConformForm form={form} className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="taskId" value={t.id} />
        {t.assignee_id ? (
          <span className="text-sm">{t.mine ? 'You' : (t.assignee_name ?? 'Another staff member')}</span>
        ) : null}
        {verb ? (
          <Button
            type="submit"
            name="intent"
            value={verb.toLowerCase()}
            size="sm"
            variant="outline"
            aria-label={`${verb}: ${t.subject}`}
          >
            {verb}
          </Button>
        ) : null}
      </div>
      <ErrorList errors={form.errors} />
    </ConformForm>
  )
}
