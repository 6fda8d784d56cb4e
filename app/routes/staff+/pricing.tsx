import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NavLink, Outlet } from '@remix-run/react'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { cn } from '../../utils/cn'
import { requireStaff } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Pricing and offers · OSHC Back Office' }]

const SECTIONS = [
  { to: '/staff/pricing', label: 'Rate cards', end: true },
  { to: '/staff/pricing/gst', label: 'GST and exchange rates', end: false },
  { to: '/staff/pricing/offers', label: 'Offers', end: false },
  { to: '/staff/pricing/documents', label: 'Product disclosure statements', end: false },
]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'finance')
  return null
}

export default function PricingLayout() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Pricing and offers"
        description="Monthly rate cards per insurer and policy type, GST and card surcharge, exchange rates, offers and each insurer's PDS. Changes apply to quotes priced from now on."
      />
      <nav aria-label="Pricing sections">
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
  return <GeneralErrorBoundary homeHref="/staff" homeLabel="Back to the dashboard" />
}
