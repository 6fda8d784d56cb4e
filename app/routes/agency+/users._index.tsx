import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import {
  setUsersSecondFactor,
  usersNeedSecondFactor,
} from '../../../domain/agencies/configuration/set-users-second-factor'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../components/forms'
import { readForm, submitForm } from '../../utils/forms.server'
import { redirectWithToast } from '../../utils/toast.server'
import { findAgencyUsers } from '../../../domain/users/find-agency-users'
import { UserListQuerySchema } from '../../../domain/users/users.schemas'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { listParams, throwAsResponse } from '../../utils/forms.server'
import { UsersPage } from '../../components/users-table'
import { requireAgency } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Users · Agency portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, 'user_management')
  const parsed = UserListQuerySchema.safeParse(listParams(request))
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message ?? 'Bad filter', { status: 400 })
  const r = await findAgencyUsers({ actor, agencyId: actor.agencyId, ...parsed.data }).catch(throwAsResponse)
  return {
    users: r.items,
    pageInfo: r.pageInfo,
    query: parsed.data,
    me: actor.kind === 'agency_user' ? actor.userId : null,
    secondFactorRequired: await usersNeedSecondFactor(actor.agencyId),
  }
}

const SecondFactorChoiceSchema = z.object({
  intent: z.literal('second-factor'),
  required: z.enum(['true', 'false'], { error: 'Choose whether a second factor is required' }),
})

/** Require (or stop requiring) a second factor of the agency's people. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAgency(request, 'user_management')
  return submitForm(await readForm(request), SecondFactorChoiceSchema, async ({ required }) => {
    await setUsersSecondFactor({ actor, required: required === 'true' })
    return redirectWithToast('/agency/users', {
      title: required === 'true' ? 'A second factor is now required' : 'A second factor is now optional',
    })
  })
}

/** The agency's choice: its people must set up a second factor at their next page, or may. */
function SecondFactorChoice({ required }: { required: boolean }) {
  const [form] = useConformForm(SecondFactorChoiceSchema, { intent: 'second-factor' })
  return (
    <section aria-labelledby="second-factor-h" className="rounded-md border p-4">
      <h2 id="second-factor-h" className="font-semibold">
        Second factor
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {required
          ? 'Everyone at your agency must set up a second factor (an authenticator app or a passkey) before using the portal.'
          : 'A second factor is optional: each person may set one up under Sign-in security.'}
      </p>
      <ConformForm form={form} intent="second-factor" className="mt-2">
        <input type="hidden" name="required" value={required ? 'false' : 'true'} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton variant="outline" size="sm">
          {required ? 'Stop requiring a second factor' : 'Require a second factor'}
        </SubmitButton>
      </ConformForm>
    </section>
  )
}

export default function AgencyUsers() {
  const { users, pageInfo, query, me, secondFactorRequired } = useLoaderData<typeof loader>()
  return (
    <UsersPage
      title="Users"
      description="People at your agency who sign in to the portal, their roles and whether they may sign in."
      newUserHref="/agency/users/new"
      filterLabel="Filter users"
      caption="Agency users"
      tableId="agency-users"
      emptyText="No users match. Create one to share the work."
      userHref={(id) => `/agency/users/${id}`}
      users={users}
      pageInfo={pageInfo}
      query={query}
      me={me}
    >
      <SecondFactorChoice required={secondFactorRequired} />
    </UsersPage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency" homeLabel="Back to the portal" />
}
