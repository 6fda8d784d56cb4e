import { Link } from '@remix-run/react'
import { FilePenLine } from 'lucide-react'
import { buttonVariants } from '../ui/button'

/** The policy page's way to its amendments (amend, accept, pay, confirm, certificate). */
export function AmendmentLink({ to, label = 'Amendments' }: { to: string; label?: string }) {
  return (
    <Link to={to} className={buttonVariants({ size: 'sm', variant: 'outline' })}>
      <FilePenLine aria-hidden="true" />
      {label}
    </Link>
  )
}
