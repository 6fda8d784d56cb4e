import { ConfirmSubmit } from './confirm-submit'
import { ConformForm, ErrorList, useConformForm, type FormSchema } from './forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card'

/**
 * An administrator's reset of a person's second factor (`intent=reset-second-factor`): asks first,
 * naming the person; nobody resets their own.
 */
export function SecondFactorResetControl({
  schema,
  userName,
  isSelf,
}: {
  schema: FormSchema
  userName: string
  isSelf: boolean
}) {
  const [form] = useConformForm(schema, { intent: 'reset-second-factor' })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Second factor</CardTitle>
        <CardDescription>
          For a lost phone or security key: removes their authenticator app, passkeys and recovery codes and
          signs them out everywhere. They are mailed, and set up a second factor again at their next sign-in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isSelf ? (
          <p className="text-sm text-muted-foreground">
            You cannot reset your own second factor. Ask another user manager.
          </p>
        ) : (
          <ConformForm form={form} intent="reset-second-factor" className="space-y-2">
            <ConfirmSubmit
              title={`Reset the second factor of ${userName}?`}
              description="Their authenticator app, passkeys and recovery codes stop working and they are signed out everywhere. This is written to the security log and they are told by mail."
              confirmLabel="Reset second factor"
            >
              Reset second factor
            </ConfirmSubmit>
            <ErrorList id={form.errorId} errors={form.errors} />
          </ConformForm>
        )}
      </CardContent>
    </Card>
  )
}
