import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { PageHeader } from './app-shell'
import { ErrorList, SelectField, SubmitButton } from './forms'
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
type Reply = { result?: { error?: Record<string, string[] | null> | null } }

/** Which notifications reach the signed-in person by mail: at once, in a daily digest, or not. */
export function NotificationSettingsPage({ back }: { back: string }) {
  const { groups, deliveries } = useLoaderData<Data>()
  const errors = (useActionData() as Reply | undefined)?.result?.error ?? {}
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
          <Form method="post" className="grid gap-4 sm:grid-cols-2">
            {groups.map((g) => (
              <SelectField
                key={g.event_group}
                labelProps={{ children: g.label }}
                selectProps={{ id: g.event_group, name: g.event_group, defaultValue: g.delivery }}
                options={deliveries}
                description={`${g.events.length ? `Includes: ${g.events.join(', ')}.` : 'Anything not listed above.'}${g.is_default ? ' Kept at the default.' : ''}`}
                errors={errors[g.event_group] ?? undefined}
              />
            ))}
            <ErrorList errors={errors[''] ?? undefined} className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <SubmitButton>Save mail settings</SubmitButton>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
