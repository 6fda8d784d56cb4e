// What the policy wizard's step forms share (policy-wizard-steps.tsx, quote-step.tsx): the
// step's card, its answer from the action and the fields carried from step to step.
import { Link, useActionData, type useLoaderData } from '@remix-run/react'
import * as React from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'

import type { action, loader } from './edit.server'
import type { WizardReply } from './policy-wizard.server'

export function Carried({ carried }: { carried: [string, string][] }) {
  return (
    <>
      {carried.map(([k, v]) => (
        <input key={k} type="hidden" name={`carry_${k}`} value={v} />
      ))}
    </>
  )
}

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export function useReply(intent: string) {
  const reply = useActionData<typeof action>() as WizardReply | undefined
  const mine = reply?.intent === intent ? reply : undefined
  return {
    reply: mine,
    errors: (name: string) => mine?.result.error?.[name] ?? undefined,
  }
}

export function StepCard({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: React.ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

/** Policies created without a type (API clients may) choose it in step one first. */
export function ChooseTypeFirst({ policyId }: { policyId: number }) {
  return (
    <p className="text-sm">
      Choose the policy type first, in{' '}
      <Link to={`/agency/policies/${policyId}/edit?step=personal`} className="text-primary underline">
        step 1
      </Link>
      .
    </p>
  )
}
