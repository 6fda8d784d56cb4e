// What the policy wizard's step forms share (policy-wizard-steps.tsx, quote-step.tsx): the
// step's card, its house form (Conform over the step's schema, answered by the action's reply)
// and the fields carried from step to step.
import { Link, type useLoaderData } from '@remix-run/react'
import * as React from 'react'
import { useConformForm, useResultFor, type FormSchema } from '../../../components/forms'
import { type StepValues } from '../../../components/policy-wizard'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'

import type { loader } from './edit.server'

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

/**
 * A step's house form: checked in the browser with `schema` (the action's), answered by the
 * action's reply to the step's `intents` (the first names the form). `values` are what was
 * posted after a refusal, else what is saved; `errors('')` is the form's own message.
 */
export function useStepForm(schema: FormSchema, intents: string[], saved: StepValues) {
  const result = useResultFor(...intents)
  const [form] = useConformForm(schema, { id: intents[0], lastResult: result ?? null })
  return {
    form,
    result,
    values: (result?.initialValue as StepValues | undefined) ?? saved,
    errors: (name: string) => (name === '' ? form.errors : form.allErrors[name]),
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
