import type { ReactNode } from 'react'
import type { AgencyStatus } from '../../utils/agency-forms.schemas'
import { ConfirmSubmit } from '../confirm-submit'
import { ErrorList, errorsOf, IntentForm, SubmitButton, useResultFor } from '../forms'

/** Conform's get*Props carry a React `key`, which must not be spread into JSX. */
export function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, 'key'> {
  const { key: _key, ...rest } = props
  return rest
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="col-span-2 break-words">
        {children === null || children === undefined || children === '' ? '—' : children}
      </dd>
    </div>
  )
}

export const yesNo = (v: boolean | null | undefined) => (v ? 'Yes' : 'No')

const ACTIVATABLE: AgencyStatus[] = ['AGREEMENT_SIGNED', 'PORTAL_DEACTIVATED']

/** Activate, or deactivate after confirmation: the agency's users can no longer sign in. */
export function PortalButtons({ status, agencyName }: { status: AgencyStatus; agencyName: string }) {
  const result = useResultFor('activate', 'deactivate')
  if (!ACTIVATABLE.includes(status) && status !== 'PORTAL_ACTIVATED') return null
  return (
    <div className="space-y-2">
      {ACTIVATABLE.includes(status) ? (
        <IntentForm intent="activate">
          <SubmitButton>Activate portal</SubmitButton>
        </IntentForm>
      ) : (
        <IntentForm intent="deactivate">
          <ConfirmSubmit
            title={`Deactivate the portal of ${agencyName}?`}
            description="Its users can no longer sign in or sell policies until staff activate the portal again."
            confirmLabel="Deactivate portal"
          >
            Deactivate portal
          </ConfirmSubmit>
        </IntentForm>
      )}
      <ErrorList errors={errorsOf(result, '')} />
    </div>
  )
}
