import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NavLink, Outlet, useLoaderData } from '@remix-run/react'
import { getMyAdmissionAccess } from '../../../domain/admission/get-my-admission-access'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { cn } from '../../utils/cn'
import { requireAccess } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Student admission · Agency portal' }]

const SECTIONS = [
  { to: '/agency/admission', label: 'Find a course', end: true },
  { to: '/agency/admission/students', label: 'Students', end: false },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getMyAdmissionAccess.access)
  return getMyAdmissionAccess({ actor })
}

export default function AgencyAdmissionLayout() {
  const access = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader
        title="Student admission"
        description="Find courses for your students, apply to an intake and follow each application; an enrolled student's health cover is one click away."
      />
      {!access.linked ? (
        <p className="rounded-md border bg-muted/40 p-4 text-sm">
          Your agency is not linked to the admission service yet. Ask your OSHC account manager to link it.
        </p>
      ) : (
        <>
          {!access.is_active ? (
            <p className="rounded-md border bg-muted/40 p-4 text-sm">
              Your agency&apos;s link to the admission service is switched off: your students and applications
              stay readable, but new ones cannot be added.
            </p>
          ) : null}
          <nav aria-label="Admission sections">
            <ul className="flex flex-wrap gap-1 border-b">
              {SECTIONS.map((s) => (
                <li key={s.to}>
                  <NavLink
                    to={s.to}
                    end={s.end}
                    className={({ isActive }) =>
                      cn(
                        '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium',
                        isActive
                          ? 'border-primary text-foreground'
                          : 'border-transparent text-muted-foreground hover:text-foreground',
                      )
                    }
                  >
                    {s.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Outlet />
        </>
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/admission" homeLabel="Back to admission" />
}
