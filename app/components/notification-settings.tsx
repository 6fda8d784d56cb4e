import { getSelectProps } from '@conform-to/react'
import { Link, useLoaderData } from '@remix-run/react'
import { PageHeader } from './app-shell'
import { ConformForm, ErrorList, type FormSchema, SelectField, SubmitButton, useConformForm } from './forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card'

type Data = {
  groups: {
    event_group: string
    label: string
    events: string[]
    delivery: string
    is_default: boolean
  }[]
  deliveries: { value: string; label: string }[]
}

/** Which notifications reach the signed-in person by mail: at once, in a daily digest, or not. */
export function NotificationSettingsPage({ back, schema }: { back: string; schema: FormSchema }) {
  const { groups, deliveries } = useLoaderData<Data>()
  const [form, fields] = useConformForm(schema, {
    defaultValue: Object.fromEntries(groups.map((g) => [g.event_group, g.delivery])),
  })
  return (
    <div className="space-y-4">
      <PageHeader
        title="Mail settings"
        description="Every notification shows on your bell. Choose which also reach you by mail."
        actions={
          <Link to={back} className="text-sm text-primary hover:underline">
            Back to notifications
          </Link>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle as="h3">By mail</CardTitle>
          <CardDescription>
            At once: a mail within a minute. Daily digest: one mail at 07:00 with what is still unread.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ConformForm form={form} className="grid gap-4 sm:grid-cols-2">
            {groups.map((g) => (
              <SelectField
                key={g.event_group}
                labelProps={{ children: g.label }}
                selectProps={getSelectProps(fields[g.event_group])}
                options={deliveries}
                description={`${g.events.length ? `Includes: ${g.events.join(', ')}.` : 'Anything not listed above.'}${g.is_default ? ' Kept at the default.' : ''}`}
                errors={fields[g.event_group].errors}
              />
            ))}
            <ErrorList id={form.errorId} errors={form.errors} className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <SubmitButton>Save mail settings</SubmitButton>
            </div>
          </ConformForm>
        </CardContent>
      </Card>
    </div>
  )
}
