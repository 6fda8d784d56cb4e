import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from './ui/card'

/** Centered card for the public pages (login, registration, onboarding steps). */
export function AuthCard({
  title,
  description,
  children,
  wide,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  wide?: boolean
}) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-muted px-4 py-12">
      <Card className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
        <CardHeader>
          <p className="text-sm font-semibold text-primary">OSHC Back Office</p>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  )
}
