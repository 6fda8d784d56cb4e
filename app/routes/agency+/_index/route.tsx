import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ChevronRight } from 'lucide-react'
import { getAgency } from '../../../../domain/agencies/reads/get-agency'
import { waitingFor } from '../../../../domain/agencies/agencies.rules'
import { getAgencyToDo } from '../../../../domain/tasks/get-agency-to-do'
import { getAgencyHomeFigures } from '../../../../domain/dashboard/get-agency-home-figures'
import { AgencyDashboard } from './agency-dashboard'
import { hasPermission } from '../../../../domain/shared/actor'
import { QuickQuote } from '../../../components/quotes/quick-quote'
import { PageHeader } from '../../../components/app-shell'
import { StatusBadge } from '../../../components/status-badge'
import { Badge } from '../../../components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { formatDateTime } from '../../../utils/misc'
import { requireAgency } from '../../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Home · Agency portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  const [agency, todo, figures] = await Promise.all([
    getAgency({ actor, id: actor.agencyId }),
    getAgencyToDo({ actor }),
    getAgencyHomeFigures({ actor, weeks: 8 }),
  ])
  return { agency, waiting: waitingFor(agency), todo, canQuote: hasPermission(actor, 'quote'), ...figures }
}

export default function AgencyHome() {
  const { agency, waiting, todo, canQuote, sales, certificates, money, promotions } =
    useLoaderData<typeof loader>()
  const nothing = todo.items.length === 0 && todo.tasks.length === 0
  return (
    <div className="space-y-6">
      <PageHeader
        title={agency.full_company_name ?? agency.email}
        description="Your agency at a glance."
        actions={<StatusBadge kind="agency" status={agency.status} />}
      />
      {canQuote ? <QuickQuote /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h3" id="waiting-title">
              Waiting for you
            </CardTitle>
          </CardHeader>
          <CardContent>
            {nothing ? (
              <p className="text-sm text-muted-foreground">Nothing is waiting for you.</p>
            ) : (
              <ul aria-labelledby="waiting-title" className="divide-y">
                {todo.items.map((item) => (
                  <li key={item.key}>
                    <Link
                      to={item.href}
                      className="flex items-center justify-between gap-3 py-2 font-medium text-primary hover:underline"
                    >
                      <span className="flex items-center gap-2">
                        <Badge variant={item.key === 'rejected' ? 'danger' : 'info'} aria-hidden="true">
                          {item.count}
                        </Badge>
                        {item.text}
                      </span>
                      <ChevronRight className="h-4 w-4 shrink-0" aria-hidden="true" />
                    </Link>
                  </li>
                ))}
                {todo.tasks.map((t) => (
                  <li key={`task-${t.id}`} className="py-2">
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
        <Card>
          <CardHeader>
            <CardTitle as="h3">Status</CardTitle>
          </CardHeader>
          <CardContent>
            <p>{waiting}</p>
          </CardContent>
        </Card>
      </div>
      <AgencyDashboard sales={sales} certificates={certificates} money={money} promotions={promotions} />
    </div>
  )
}
