import { Link } from '@remix-run/react'

/** A policy a list names: its reference, linking the policy page of the viewer's portal; "—" for none. */
export function PolicyRefLink({
  portal,
  id,
  policyRef,
}: {
  portal: 'staff' | 'agency'
  id: number | null
  policyRef: string | null
}) {
  if (!id) return <>{policyRef ?? '—'}</>
  return (
    <Link to={`/${portal}/policies/${id}`} className="text-primary hover:underline">
      {policyRef ?? `#${id}`}
    </Link>
  )
}
