import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { pathByStatus, waitingFor } from '../../../domain/agencies/agencies.rules'
import { AuthCard } from '../../components/auth-card'
import { StatusBadge } from '../../components/status-badge'
import { Button } from '../../components/ui/button'
import { requireOnboardingAgency } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Registration in review · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { agency } = await requireOnboardingAgency(request)
  const path = pathByStatus(agency)
  if (path !== '/onboarding/waiting' && path !== '/onboarding/deactivated') throw redirect(path)
  return { status: agency.status, name: agency.full_company_name, waiting: waitingFor(agency) }
}

export default function Waiting() {
  const { status, name, waiting } = useLoaderData<typeof loader>()
  return (
    <AuthCard
      title={status === 'PORTAL_DEACTIVATED' ? 'Portal deactivated' : 'Thank you'}
      description={name ?? undefined}
    >
      <div className="space-y-4">
        <StatusBadge kind="agency" status={status} />
        <p>{waiting}</p>
        <p className="text-sm text-muted-foreground">
          We will e-mail you when there is something for you to do. This page updates when you reload it.
        </p>
        <Form method="post" action="/logout">
          <Button type="submit" variant="outline">
            Sign out
          </Button>
        </Form>
      </div>
    </AuthCard>
  )
}
