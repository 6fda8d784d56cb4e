import type * as React from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'

/** One way to pay, or a note that it is not offered for this policy. */
export function MethodCard({
  id,
  title,
  description,
  available,
  unavailableReason,
  children,
}: {
  id: string
  title: string
  description: React.ReactNode
  available: boolean
  /** Why the method is off for now (shown instead of the generic sentence). */
  unavailableReason?: string | null
  children: React.ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" id={`${id}-title`}>
          {title}
        </CardTitle>
        <CardDescription>
          {available ? description : (unavailableReason ?? 'Not available for this policy.')}
        </CardDescription>
      </CardHeader>
      {available ? <CardContent>{children}</CardContent> : null}
    </Card>
  )
}
