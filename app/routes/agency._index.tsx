import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { getAgency } from '../../domain/agencies/get-agency'
import { waitingFor } from '../../domain/agencies/agencies.rules'
import { findTasks } from '../../domain/tasks/tasks'
import { PageHeader } from '../components/app-shell'
import { StatusBadge } from '../components/status-badge'
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card'
import { formatDateTime } from '../utils/misc'
import { requireAgency } from '../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Agency portal · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  const agency = await getAgency({ actor, id: actor.agencyId })
  const tasks = await findTasks({
    actor,
    input: { state: 'open', sort_key: 'due_at', sort_direction: 'asc', page: 1, perPage: 20 },
  })
  return { agency, waiting: waitingFor(agency), tasks: tasks.items }
}

export default function AgencyHome() {
  const { agency, waiting, tasks } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader
        title={agency.full_company_name ?? agency.email}
        description="Your agency at a glance."
        actions={<StatusBadge kind="agency" status={agency.status} />}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Status</CardTitle>
          </CardHeader>
          <CardContent>
            <p>{waiting}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Waiting for you</CardTitle>
          </CardHeader>
          <CardContent>
            {tasks.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing is waiting for you.</p>
            ) : (
              <ul className="space-y-2">
                {tasks.map((t) => (
                  <li key={t.id}>
                    <Link to={t.link} className="font-medium text-primary hover:underline">
                      {t.subject}
                    </Link>
                    {t.due_at ? (
                      <span className="ml-2 text-xs text-muted-foreground">
                        due {formatDateTime(t.due_at)}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
