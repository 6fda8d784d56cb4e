import { getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { InvitationSchema } from '../../../domain/agencies/agencies.schemas'
import { inviteAgency } from '../../../domain/agencies/onboarding/invite-agency'
import { PageHeader } from '../../components/app-shell'
import { ConformForm, ErrorList, Field, SubmitButton, useConformForm } from '../../components/forms'
import { buttonVariants } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { readForm, submitForm } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Invite an agency · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, inviteAgency.access)
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, inviteAgency.access)
  return submitForm(await readForm(request), InvitationSchema, async (v) => {
    await inviteAgency({ actor, email: v.email, mainBranchEmail: v.mainBranchEmail })
    return redirectWithToast('/staff/agencies?status=PENDING', {
      type: 'success',
      title: 'Invitation sent',
      description: `${v.email} has been e-mailed a registration link.`,
    })
  })
}

export default function InviteAgency() {
  const [form, fields] = useConformForm(InvitationSchema, { id: 'invite-agency' })
  return (
    <div className="max-w-xl space-y-4">
      <PageHeader
        title="Invite an agency"
        description="The agency receives an e-mail with a link to register. It then appears under Pending."
      />
      <Card>
        <CardContent className="pt-6">
          <ConformForm form={form} className="space-y-4">
            <Field
              labelProps={{ children: 'Agency e-mail' }}
              inputProps={{
                ...getInputProps(fields.email, { type: 'email' }),
                autoComplete: 'off',
                autoFocus: true,
              }}
              errors={fields.email.errors}
            />
            <Field
              labelProps={{ children: 'Main branch e-mail (optional)' }}
              inputProps={{
                ...getInputProps(fields.mainBranchEmail, { type: 'email' }),
                autoComplete: 'off',
              }}
              errors={fields.mainBranchEmail.errors}
              description="When the agency is a branch, the e-mail of its main branch."
            />
            <ErrorList id={form.errorId} errors={form.errors} />
            <div className="flex items-center gap-2">
              <SubmitButton>Send invitation</SubmitButton>
              <Link to="/staff/agencies" className={buttonVariants({ variant: 'ghost' })}>
                Cancel
              </Link>
            </div>
          </ConformForm>
        </CardContent>
      </Card>
    </div>
  )
}
