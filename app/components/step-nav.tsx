import { Link } from '@remix-run/react'
import { cn } from '../utils/cn'

/** The company-detail steps with the current one marked; done steps may be revisited. */
export function StepNav({
  steps,
  current,
  reachable,
}: {
  steps: readonly { path: string; label: string }[]
  current: string
  reachable: number
}) {
  return (
    <ol className="mb-6 flex gap-2 text-sm" aria-label="Registration steps">
      {steps.map((s, i) => (
        <li key={s.path} className="flex-1">
          {i <= reachable ? (
            <Link
              to={s.path}
              aria-current={s.path === current ? 'step' : undefined}
              className={cn(
                'block rounded-md border px-2 py-1 text-center',
                s.path === current ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
              )}
            >
              {i + 1}. {s.label}
            </Link>
          ) : (
            <span className="block rounded-md border px-2 py-1 text-center text-muted-foreground">
              {i + 1}. {s.label}
            </span>
          )}
        </li>
      ))}
    </ol>
  )
}
