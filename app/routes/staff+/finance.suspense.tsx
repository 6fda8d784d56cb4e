import { getInputProps, getSelectProps } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { decideSuspenseClearing } from '../../../domain/finance/suspense/decide-suspense-clearing'
import { findSuspenseItems } from '../../../domain/finance/suspense/find-suspense-items'
import { proposeSuspenseClearing } from '../../../domain/finance/suspense/propose-suspense-clearing'
import { SUSPENSE_ACTION_LABELS } from '../../../domain/finance/suspense/suspense.rules'
import {
  DecideSuspenseClearingSchema,
  ProposeSuspenseClearingSchema,
  SUSPENSE_ACTIONS,
  SuspenseListQuerySchema,
} from '../../../domain/finance/suspense/suspense.schemas'
import { id } from '../../../domain/shared/fields'
import { DataTable, FilterBar } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { PerPageSelect } from '../../components/finance/list-fields'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
  type FormSchema,
} from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { Label } from '../../components/ui/label'
import { Select } from '../../components/ui/select'
import { iso, parseOr400 } from '../../utils/finance-lists.server'
import { listParams, readForm, submitForm } from '../../utils/forms.server'
import { formatCents, formatDateTime } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

const PAGE = '/staff/finance/suspense'
/** A second person's decision on a proposal (its id): the button pressed says which. */
const DecisionFormSchema = DecideSuspenseClearingSchema.extend({ id: id() })

/**
 * Money held in suspense (issue 25): what each transfer into it still holds, and the decisions that
 * place it. One person proposes (refund to the payer, credit an agency, write off a small
 * difference), another approves; nothing moves before.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findSuspenseItems.access, 'staff')
  const params = listParams(request)
  const input = parseOr400(() => SuspenseListQuerySchema.parse(params))
  const r = await findSuspenseItems({ actor, input })
  return {
    limit: r.write_off_limit_cents,
    state: input.state,
    perPage: String(input.perPage),
    pageInfo: r.pageInfo,
    rows: r.items.map((i) => ({
      ...i,
      created_at: iso(i.created_at)!,
      decisions: i.decisions.map((d) => ({
        ...d,
        proposed_at: iso(d.proposed_at)!,
        decided_at: iso(d.decided_at),
      })),
    })),
  }
}

/** `propose:<transfer>` a decision; `decide` (approve or reject) a waiting one. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, findSuspenseItems.access, 'staff')
  const formData = await readForm(request)
  // Back to the list as it was (its filter and page).
  const back = `${PAGE}${new URL(request.url).search}`
  if (String(formData.get('intent')).startsWith('propose'))
    return submitForm(formData, ProposeSuspenseClearingSchema, async (input) => {
      await proposeSuspenseClearing({ actor, input })
      return redirectWithToast(back, {
        type: 'success',
        title: 'Proposed: another person with finance approves it',
      })
    })
  return submitForm(formData, DecisionFormSchema, async ({ id, decision, note }) => {
    await decideSuspenseClearing({ actor, id, input: { decision, note } })
    return redirectWithToast(back, {
      type: 'success',
      title: decision === 'approve' ? 'Approved: the money has moved' : 'Proposal rejected',
    })
  })
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

function Item({ r }: { r: Row }) {
  return (
    <div className="space-y-0.5">
      <div>{r.note ?? `Transfer #${r.id}`}</div>
      <div className="text-xs text-muted-foreground">
        #{r.id} · {formatDateTime(r.created_at)} · from {r.source_label}
        {r.policy_id ? (
          <>
            {' · '}
            <Link to={`/staff/policies/${r.policy_id}`} className="hover:underline">
              {r.policy_ref ?? `Policy #${r.policy_id}`}
            </Link>
          </>
        ) : null}
        {r.agency_id ? (
          <>
            {' · '}
            <Link to={`/staff/agencies/${r.agency_id}`} className="hover:underline">
              {r.agency_name ?? `Agency #${r.agency_id}`}
            </Link>
          </>
        ) : null}
      </div>
    </div>
  )
}

function Decisions({ r }: { r: Row }) {
  if (!r.decisions.length) return <span className="text-muted-foreground">None yet</span>
  return (
    <ul className="space-y-1 text-xs">
      {r.decisions.map((d) => (
        <li key={d.id}>
          <Badge
            variant={d.status === 'APPROVED' ? 'success' : d.status === 'REJECTED' ? 'outline' : 'warning'}
          >
            {d.status_label}
          </Badge>{' '}
          {d.action_label} {formatCents(d.amount)}
          {d.agency_name ? ` to ${d.agency_name}` : ''}
          {d.policy_ref ? ` to ${d.policy_ref}` : ''}
          {d.topup_id ? ` to top-up #${d.topup_id}` : ''} · {d.reason} · proposed by {d.proposed_by ?? '—'}
          {d.decided_by ? ` · decided by ${d.decided_by}` : ''}
          {d.decision_note ? ` · ${d.decision_note}` : ''}
        </li>
      ))}
    </ul>
  )
}

function Waiting({ r, schema }: { r: Row; schema: FormSchema }) {
  const w = r.waiting!
  const [form] = useConformForm(schema, { intent: 'decide', id: `decide-${w.id}` })
  return (
    <ConformForm form={form} intent="decide" className="space-y-2">
      <input type="hidden" name="id" value={w.id} />
      <p className="text-sm">
        {w.action_label} {formatCents(w.amount)}
        {w.agency_name ? ` to ${w.agency_name}` : ''}
        {w.policy_ref ? ` to ${w.policy_ref}` : ''}
        {w.topup_id ? ` to top-up #${w.topup_id}` : ''}: {w.reason} (proposed by {w.proposed_by ?? '—'})
      </p>
      <div className="flex gap-2">
        {w.can_approve ? (
          <SubmitButton name="decision" value="approve">
            Approve
          </SubmitButton>
        ) : (
          <span className="text-sm text-muted-foreground">You proposed it: another person approves it.</span>
        )}
        <SubmitButton name="decision" value="reject" variant="outline">
          Reject
        </SubmitButton>
      </div>
      <ErrorList id={`decide-${w.id}-errors`} errors={form.errors} />
    </ConformForm>
  )
}

function Propose({ r, schema, limit }: { r: Row; schema: FormSchema; limit: number }) {
  const intent = `propose:${r.id}`
  const [form, fields] = useConformForm(schema, {
    intent,
    id: `propose-${r.id}`,
    defaultValue: {
      transfer_id: String(r.id),
      action: r.agency_id ? 'CREDIT_AGENCY' : r.refundable ? 'REFUND' : 'WRITE_OFF',
      amount: (r.open / 100).toFixed(2),
      agency_id: r.agency_id ? String(r.agency_id) : '',
      policy_ref: '',
      topup_id: '',
    },
  })
  const actions = SUSPENSE_ACTIONS.filter((a) => a !== 'REFUND' || r.refundable)
  return (
    <ConformForm form={form} intent={intent} className="space-y-2">
      <input {...getInputProps(fields.transfer_id, { type: 'hidden' })} />
      <div className="grid gap-2 sm:grid-cols-2">
        <SelectField
          labelProps={{ children: 'What to do' }}
          selectProps={getSelectProps(fields.action)}
          options={actions.map((a) => ({ value: a, label: SUSPENSE_ACTION_LABELS[a] }))}
          errors={fields.action.errors}
        />
        <Field
          labelProps={{ children: 'Amount (A$)' }}
          inputProps={{ ...getInputProps(fields.amount, { type: 'text' }), inputMode: 'decimal' }}
          errors={fields.amount.errors}
        />
        <Field
          labelProps={{ children: 'Agency number (to credit)' }}
          inputProps={{ ...getInputProps(fields.agency_id, { type: 'text' }), inputMode: 'numeric' }}
          errors={fields.agency_id.errors}
        />
        <Field
          labelProps={{ children: 'Policy reference (to allocate)' }}
          inputProps={getInputProps(fields.policy_ref, { type: 'text' })}
          errors={fields.policy_ref.errors}
        />
        <Field
          labelProps={{ children: 'Top-up number (to allocate)' }}
          inputProps={{ ...getInputProps(fields.topup_id, { type: 'text' }), inputMode: 'numeric' }}
          errors={fields.topup_id.errors}
        />
      </div>
      <Field
        labelProps={{ children: 'Reason' }}
        inputProps={getInputProps(fields.reason, { type: 'text' })}
        errors={fields.reason.errors}
      />
      <p className="text-xs text-muted-foreground">A write-off is at most {formatCents(limit)}.</p>
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>Propose</SubmitButton>
    </ConformForm>
  )
}

export default function StaffFinanceSuspense() {
  const data = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  return (
    <div className="space-y-4">
      <FilterBar label="Suspense filters">
        <div className="space-y-1">
          <Label htmlFor="state">Show</Label>
          <Select id="state" name="state" defaultValue={searchParams.get('state') ?? 'open'}>
            <option value="open">Still in suspense</option>
            <option value="all">Everything, cleared too</option>
          </Select>
        </div>
        <PerPageSelect value={data.perPage} />
      </FilterBar>
      <p className="text-sm text-muted-foreground">
        Money the journal could not place: a transfer over a premium, a delivery for no record. One person
        proposes where it goes, another with finance approves it; only then does it move.
      </p>
      <DataTable
        caption="Money in suspense"
        rows={data.rows}
        pageInfo={data.pageInfo}
        getRowKey={(r) => r.id}
        emptyText={
          data.state === 'open' ? 'Nothing is waiting in suspense.' : 'Nothing has been in suspense.'
        }
        columns={[
          { key: 'item', header: 'Money', cell: (r: Row) => <Item r={r} /> },
          {
            key: 'open',
            header: 'Still held',
            className: 'text-right',
            cell: (r: Row) => (
              <span>
                {formatCents(r.open)}
                {r.open !== r.amount ? (
                  <span className="block text-xs text-muted-foreground">of {formatCents(r.amount)}</span>
                ) : null}
              </span>
            ),
          },
          { key: 'decisions', header: 'Decisions', cell: (r: Row) => <Decisions r={r} /> },
          {
            key: 'next',
            header: 'Next',
            cell: (r: Row) =>
              r.waiting ? (
                <Waiting r={r} schema={DecisionFormSchema} />
              ) : r.open > 0 ? (
                <Propose r={r} schema={ProposeSuspenseClearingSchema} limit={data.limit} />
              ) : (
                <span className="text-muted-foreground">Cleared</span>
              ),
          },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
