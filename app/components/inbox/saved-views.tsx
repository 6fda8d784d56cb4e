import { getInputProps } from '@conform-to/react'
import { Link, useLocation } from '@remix-run/react'
import {
  ConformForm,
  ErrorList,
  Field,
  IntentForm,
  SubmitButton,
  useConformForm,
  type FormSchema,
} from '../forms'

type View = { id: number; name: string; query: string }

/**
 * A person's saved views of a list: each a link to the list with its filters and sort, and a
 * button that forgets it; and a form that saves the filters now shown under a name.
 */
export function SavedViews({ views, schema, path }: { views: View[]; schema: FormSchema; path: string }) {
  const { search } = useLocation()
  const [form, fields] = useConformForm(schema, { intent: 'save-view' })
  return (
    <section aria-label="Saved views" className="flex flex-wrap items-end gap-3">
      {views.length ? (
        <ul className="flex flex-wrap items-center gap-2">
          {views.map((v) => (
            <li key={v.id} className="flex items-center rounded-md border text-sm">
              <Link to={`${path}${v.query ? `?${v.query}` : ''}`} className="px-3 py-1.5 hover:bg-muted">
                {v.name}
              </Link>
              <IntentForm intent="delete-view">
                <input type="hidden" name="viewId" value={v.id} />
                <SubmitButton variant="ghost" size="sm" aria-label={`Delete saved view ${v.name}`}>
                  ×
                </SubmitButton>
              </IntentForm>
            </li>
          ))}
        </ul>
      ) : null}
      <ConformForm form={form} intent="save-view" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="query" value={search.replace(/^\?/, '')} />
        <Field
          className="w-48"
          labelProps={{ children: 'Save this view as' }}
          inputProps={{
            ...getInputProps(fields.name, { type: 'text' }),
            placeholder: 'e.g. Top-ups overdue',
          }}
          errors={fields.name.errors}
        />
        <SubmitButton variant="outline" size="sm">
          Save view
        </SubmitButton>
        <ErrorList id={form.errorId} errors={form.errors} />
      </ConformForm>
    </section>
  )
}
