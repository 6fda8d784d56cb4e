import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NavLink, Outlet } from '@remix-run/react'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { cn } from '../../utils/cn'
import { requireStaff } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Student admission · OSHC Back Office' }]

const SECTIONS = [
  { to: '/staff/admission', label: 'Universities and courses', end: true },
  { to: '/staff/admission/enrolments', label: 'Enrolments', end: false },
  { to: '/staff/admission/links', label: 'Agency links', end: false },
]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  return null
}

export default function AdmissionLayout() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Student admission"
        description="The catalogue of universities and courses, students' enrolments, and the agencies linked to the service."
      />
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
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/admission" homeLabel="Back to admission" />
}
