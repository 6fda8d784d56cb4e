import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { approveAgencyBankChange } from '../../../domain/agencies/bank-details/approve-agency-bank-change'
import { rejectAgencyBankChange } from '../../../domain/agencies/bank-details/reject-agency-bank-change'
import { findAgencyBankChanges } from '../../../domain/agencies/bank-details/find-agency-bank-changes'
import { BankChangeDecisionFormSchema } from '../../../domain/agencies/bank-details/bank-changes.schemas'
import { FIELD_LABELS, maskAccount } from '../../../domain/agencies/bank-details/payout-details.rules'
import { formatDateTime } from '../../../domain/shared/format'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { ConformForm, ErrorList, SubmitButton, useConformForm, useResultFor } from '../../components/forms'
import { readForm, submitForm } from '../../utils/forms.server'
import { requireStaff } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Payout details to verify · OSHC Back Office' }]

const PATH = '/staff/agencies/bank-changes'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request, ['finance', 'agency_management'])
  return findAgencyBankChanges({ actor })
}

/**
 * Approve (`intent=approve`) or reject (`intent=reject`, with `rejection_reason`) the pending change
 * `change_id` (staff with finance who did not request it): the change's form (BankChangeDecisionFormSchema,
 * the API's reason rule); a refusal answers on that form, a decision with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireStaff(request, 'finance')
  const form = await readForm(request)
  return submitForm(form, BankChangeDecisionFormSchema, async (v) => {
    if (v.intent === 'approve') {
      await approveAgencyBankChange({ actor, changeId: v.change_id })
      return redirectWithToast(PATH, { title: 'Bank details verified' })
    }
    await rejectAgencyBankChange({
      actor,
      changeId: v.change_id,
      input: { rejection_reason: v.rejection_reason },
    })
    return redirectWithToast(PATH, { title: 'Bank details change rejected' })
  })
}

const show = (field: string, v: unknown) =>
  field === 'account_number'
    ? maskAccount(v as string)
    : typeof v === 'boolean'
      ? v
        ? 'yes'
        : 'no'
      : String(v ?? '—')

export default function BankChangesPage() {
  const { pending, gst_without_abn, renames } = useLoaderData<typeof loader>()
  return (
    <div className="grid gap-8">
      <section aria-labelledby="pending-h">
        <h2 id="pending-h" className="text-lg font-semibold">
          Payout details waiting for verification
        </h2>
        {pending.length === 0 ? (
          <p className="text-sm text-muted-foreground">No change is waiting.</p>
        ) : (
          <ul className="grid gap-4">
            {pending.map((c) => (
              <li key={c.id} className="rounded border p-4">
                <p>
                  <Link to={`/staff/agencies/${c.agency_id}`}>{c.agency_name}</Link>, requested{' '}
                  {formatDateTime(c.created_at)}
                </p>
                <table className="mt-2 text-sm">
                  <caption className="sr-only">Changed fields</caption>
                  <thead>
                    <tr>
                      <th scope="col">Field</th>
                      <th scope="col">Verified now</th>
                      <th scope="col">Requested</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.changed_fields.map((f) => (
                      <tr key={f}>
                        <th scope="row">{FIELD_LABELS[f]}</th>
                        <td>{show(f, c.before?.[f])}</td>
                        <td>{show(f, c.after[f])}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <BankChangeDecision changeId={c.id} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="gst-h">
        <h2 id="gst-h" className="text-lg font-semibold">
          Registered for GST without an ABN
        </h2>
        <p className="text-sm text-muted-foreground">
          These agencies keep GST on payouts until resolved: ask for their ABN.
        </p>
        <ul className="list-disc pl-6">
          {gst_without_abn.map((a) => (
            <li key={a.agency_id}>
              <Link to={`/staff/agencies/${a.agency_id}`}>{a.agency_name}</Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="renames-h">
        <h2 id="renames-h" className="text-lg font-semibold">
          Renamed after activation
        </h2>
        <ul className="list-disc pl-6">
          {renames.map((r, i) => (
            <li key={`${r.agency_id}-${i}`}>
              <Link to={`/staff/agencies/${r.agency_id}`}>{r.name}</Link>, previously “{r.previous_name}”, by{' '}
              {r.actor} on {formatDateTime(r.created_at)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

/** The decision form of one pending change; the action's reply is this form's when it names its change. */
function BankChangeDecision({ changeId }: { changeId: number }) {
  const result = useResultFor('approve', 'reject')
  const mine = result?.initialValue?.change_id === String(changeId) ? result : null
  const [form, fields] = useConformForm(BankChangeDecisionFormSchema, {
    id: `bank-change-${changeId}`,
    lastResult: mine,
  })
  const reason = fields.rejection_reason
  return (
    <ConformForm form={form} className="mt-2 space-y-1">
      <div className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="change_id" value={changeId} />
        <SubmitButton name="intent" value="approve" variant="outline" size="sm">
          Approve
        </SubmitButton>
        <label className="grid text-sm">
          Reason to reject
          <input
            name={reason.name}
            className="rounded border px-2 py-1"
            aria-invalid={reason.errors ? true : undefined}
            aria-describedby={reason.errors ? reason.errorId : undefined}
          />
        </label>
        <SubmitButton name="intent" value="reject" variant="outline" size="sm">
          Reject
        </SubmitButton>
      </div>
      <ErrorList id={reason.errorId} errors={reason.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
    </ConformForm>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/agencies" homeLabel="Back to agencies" />
}
