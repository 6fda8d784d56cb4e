import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft, Download, Trash2 } from 'lucide-react'
import * as React from 'react'
import { z } from 'zod'
import { AGENCY_STATUSES, type AgencyStatus } from '../../domain/agencies/agencies.rules'
import {
  PAYMENT_METHOD_KEYS,
  POLICY_TYPES,
  PurchaseRuleSchema,
  UpsertConfigurationV2Schema,
} from '../../domain/agencies/agencies.schemas'
import { getAgencyHistories } from '../../domain/agencies/reads/get-agency-histories'
import { withActorNames } from '../../domain/shared/actor-names'
import { sendAgencyPasswordReset } from '../../domain/agencies/onboarding/send-agency-password-reset'
import { updateAdminAgencyStatus } from '../../domain/agencies/onboarding/update-admin-agency-status'
import { updateYourAdmission } from '../../domain/agencies/configuration/update-your-admission'
import { getAgencyDocument } from '../../domain/agencies/onboarding/get-agency-document'
import { sendAgreement } from '../../domain/agencies/onboarding/send-agreement'
import { uploadSignedAgreement } from '../../domain/agencies/onboarding/upload-signed-agreement'
import { uploadUnsignedAgreement } from '../../domain/agencies/onboarding/upload-unsigned-agreement'
import { deletePurchaseRule } from '../../domain/agencies/configuration/delete-purchase-rule'
import { getAgencyConfiguration } from '../../domain/agencies/configuration/get-agency-configuration'
import { updateAgencyCardSurcharge } from '../../domain/agencies/configuration/update-agency-card-surcharge'
import { upsertAgencyConfigurationV2 } from '../../domain/agencies/configuration/upsert-agency-configuration-v2'
import { getAgency } from '../../domain/agencies/reads/get-agency'
import { findInsuranceProviders } from '../../domain/reference/find-insurance-providers'
import { DomainError } from '../../domain/shared/errors'
import { id, optionalText, text } from '../../domain/shared/fields'
import { PageHeader } from '../components/app-shell'
import { GeneralErrorBoundary } from '../components/error-boundary'
import {
  CheckboxField,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  TextareaField,
} from '../components/forms'
import { StatusBadge } from '../components/status-badge'
import { Timeline } from '../components/timeline'
import { buttonVariants } from '../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card'
import { Input } from '../components/ui/input'
import { Label } from '../components/ui/label'
import { cn } from '../utils/cn'
import { idFromParam, readForm, replyInvalid, replyWithError } from '../utils/forms.server'
import { formatDate, formatDateTime, formatMoney } from '../utils/misc'
import {
  AGENCY_ACTION_LABELS,
  AGENCY_STATUS_LABELS,
  CREATION_TYPE_LABELS,
  labelOf,
  PAYMENT_METHOD_KEY_LABELS,
  policyTypeLabel,
} from '../utils/labels'
import { requireStaff } from '../utils/session.server'
import { storeFormFile } from '../utils/upload.server'
import { redirectWithToast } from '../utils/toast.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.agency.full_company_name ?? data?.agency.email ?? 'Agency'} · OSHC Back Office` },
]

const TABS = ['overview', 'configuration', 'agreement', 'history'] as const
type Tab = (typeof TABS)[number]
const TAB_LABELS: Record<Tab, string> = {
  overview: 'Overview',
  configuration: 'Configuration',
  agreement: 'Agreement',
  history: 'History',
}
const TabSchema = z.enum(TABS).catch('overview')

const ACTIVATABLE: AgencyStatus[] = ['AGREEMENT_SIGNED', 'PORTAL_DEACTIVATED']
const UNSIGNED_UPLOAD_OPEN: AgencyStatus[] = ['COMPANY_DETAIL_DONE', 'CONFIGURATION_DONE', 'AGREEMENT_SENT']

/** Missing and foreign records render the 404 page. */
async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NOT_FOUND')
      throw new Response('Agency not found', { status: 404 })
    throw err
  }
}

/** What the agency is waiting for, from the staff's point of view. */
function staffWaitingFor(a: { status: AgencyStatus; is_request_submitted: boolean }): string {
  switch (a.status) {
    case 'PENDING':
      return 'The agency has to verify its e-mail address (or accept its invitation).'
    case 'SIGN_UP_REQUEST_SENT':
      return 'The agency has to sign in with its temporary password and choose a new one.'
    case 'LOGIN_CRED_CHANGED':
    case 'COMPANY_DETAIL_STEP_ONE_DONE':
    case 'COMPANY_DETAIL_STEP_TWO_DONE':
      return 'The agency has to complete its company details.'
    case 'COMPANY_DETAIL_DONE':
      return a.is_request_submitted
        ? 'Waiting for staff: configure commissions and payment methods (Configuration tab).'
        : 'The agency has to submit its registration request.'
    case 'CONFIGURATION_DONE':
      return 'Waiting for staff: upload and send the agreement (Agreement tab).'
    case 'AGREEMENT_SENT':
      return 'The agency has to sign the agreement and upload the signed copy.'
    case 'AGREEMENT_SIGNED':
      return 'Waiting for staff: review the signed agreement and activate the portal.'
    case 'PORTAL_ACTIVATED':
      return 'The portal is active.'
    case 'PORTAL_DEACTIVATED':
      return 'The portal is deactivated; staff can activate it again.'
  }
}

async function configurationTab(actor: Awaited<ReturnType<typeof requireStaff>>, agencyId: number) {
  const [config, providers] = await Promise.all([
    getAgencyConfiguration({ actor, agencyId }),
    findInsuranceProviders(),
  ])
  const rows = providers.map((p) => {
    const c = config.data.find((d) => d.insurance_provider_id === p.id)
    return {
      insurance_provider_id: String(p.id),
      configured: c ? 'on' : '',
      commission_rate: c ? String(c.commission_rate) : '',
      is_buy_now_pay_later_enabled: c?.is_buy_now_pay_later_enabled ? 'on' : '',
      credit_amount: c ? String(c.credit_amount) : '0',
      credit_currency: c?.credit_currency ?? 'AUD',
      paymentMethods: PAYMENT_METHOD_KEYS.map((m) => {
        const pm = config.agencyPaymentMethodConfigurations.find(
          (x) => x.insurance_provider_id === p.id && x.payment_method === m,
        )
        return {
          payment_method: m,
          is_payment_method_enabled: m === 'nexpay' || (pm ? pm.is_payment_method_enabled : true) ? 'on' : '',
          commission_rate: String(pm?.commission_rate ?? 0),
        }
      }),
    }
  })
  const name = (id: number) => providers.find((p) => p.id === id)?.display_name ?? `Insurer ${id}`
  return {
    providers: providers.map((p) => ({ id: p.id, name: p.display_name })),
    configured: config.data.map((d) => d.insurance_provider_id),
    defaultValue: {
      buy_now_pay_later_amount: String(config.meta.buy_now_pay_later_amount),
      paymentBasedConfigs: rows,
    },
    bnplRemaining: config.meta.buy_now_pay_later_remaining_amount,
    surcharge: config.surcharge,
    rules: config.purchase_rules.map((r) => ({
      id: r.id,
      text: `Buy ${r.should_buy_quantity} ${policyTypeLabel(r.should_buy_policy_type).toLowerCase()} from ${name(r.should_buy_insurance_provider_id)} to unlock ${policyTypeLabel(r.can_buy_policy_type).toLowerCase()} from ${name(r.can_buy_insurance_provider_id)}`,
      progress: `${r.has_bought_quantity} of ${r.should_buy_quantity} bought · ${r.credits} credit${r.credits === 1 ? '' : 's'}`,
    })),
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireStaff(request, 'agency_management')
  const agencyId = idFromParam(params.agencyId, 'Agency')
  const tab: Tab = TabSchema.parse(new URL(request.url).searchParams.get('tab') ?? 'overview')
  const agency = await orNotFound(getAgency({ actor, id: agencyId }))
  return {
    tab,
    canFinance: actor.permissions.has('finance'),
    agency,
    waitingFor: staffWaitingFor(agency),
    configuration: tab === 'configuration' ? await configurationTab(actor, agencyId) : null,
    document: tab === 'agreement' ? await getAgencyDocument({ actor, agencyId }) : null,
    history:
      tab === 'history'
        ? (await getAgencyHistories({ actor, agencyId }).then(withActorNames)).map((h) => ({
            id: String(h.id),
            title: `${labelOf(AGENCY_ACTION_LABELS, h.action)}${h.to_status && h.to_status !== h.from_status ? `: ${h.from_status ? `${labelOf(AGENCY_STATUS_LABELS, h.from_status)} → ` : ''}${labelOf(AGENCY_STATUS_LABELS, h.to_status)}` : ''}`,
            at: h.created_at,
            actor: h.actor,
            note: h.note,
          }))
        : null,
  }
}

// ---- Action: one intent per form ---------------------------------------------------------------

const tabField = { tab: TabSchema.default('overview') }
const StatusIntentSchema = z.object({ intent: z.enum(['activate', 'deactivate']), ...tabField })
/** Any status (spec/01 section 4): off the ordinary steps it is an override, so the form asks why. */
const SetStatusSchema = z.object({
  intent: z.literal('set-status'),
  status: z.enum(AGENCY_STATUSES, { error: 'Choose a status' }),
  reason: text(1, 1000, 'Give a reason for the change'),
})
const PasswordResetSchema = z.object({ intent: z.literal('password-reset'), ...tabField })
const YourAdmissionIntentSchema = z.object({
  intent: z.literal('your-admission'),
  active: z.enum(['true', 'false']),
})
const SurchargeIntentSchema = z.object({
  intent: z.literal('card-surcharge'),
  enabled: z.enum(['true', 'false']),
})
const AddRuleSchema = PurchaseRuleSchema.omit({ id: true }).extend({ intent: z.literal('add-rule') })
const DeleteRuleSchema = z.object({
  intent: z.literal('delete-rule'),
  purchase_rule_id: id(),
})
const UnsignedUploadSchema = z.object({
  intent: z.literal('upload-unsigned'),
  agreement_id: optionalText(256),
})
const SendAgreementSchema = z.object({ intent: z.literal('send-agreement') })
const SignedUploadSchema = z.object({ intent: z.literal('upload-signed') })

/**
 * The configuration form as posted: a row per insurer, kept as text. Only the rows ticked
 * "configured" become the V2 input, and its validation is reported back on the row's inputs.
 */
const optionalString = z.string().optional()
const ConfigureFormSchema = z.object({
  intent: z.literal('configure'),
  buy_now_pay_later_amount: optionalString,
  paymentBasedConfigs: z
    .array(
      z.object({
        insurance_provider_id: z.string(),
        configured: optionalString,
        commission_rate: optionalString,
        is_buy_now_pay_later_enabled: optionalString,
        credit_amount: optionalString,
        credit_currency: optionalString,
        paymentMethods: z
          .array(
            z.object({
              payment_method: z.string(),
              is_payment_method_enabled: optionalString,
              commission_rate: optionalString,
            }),
          )
          .optional(),
      }),
    )
    .optional(),
})
type ConfigureForm = z.infer<typeof ConfigureFormSchema>

/** Conform's name for a zod issue path: paymentBasedConfigs[0].commission_rate. */
function fieldName(path: PropertyKey[]) {
  return path.reduce<string>((name, key) => {
    if (typeof key === 'number') return `${name}[${key}]`
    return name ? `${name}.${String(key)}` : String(key)
  }, '')
}

/** Builds the V2 input from the ticked rows; `rowOf[j]` is the form row of V2 item j. */
function toConfigurationInput(agencyId: number, form: ConfigureForm) {
  const ticked = (form.paymentBasedConfigs ?? [])
    .map((row, index) => ({ row, index }))
    .filter((r) => r.row.configured)
  const input = {
    agency_Id: agencyId,
    buy_now_pay_later_amount: form.buy_now_pay_later_amount,
    paymentBasedConfigs: ticked.map(({ row }) => ({
      insurance_provider_id: row.insurance_provider_id,
      // An empty rate is reported with the rule's own message.
      commission_rate: row.commission_rate ?? '',
      is_buy_now_pay_later_enabled: row.is_buy_now_pay_later_enabled === 'on',
      credit_amount: row.credit_amount ?? 0,
      credit_currency: row.credit_currency ?? 'AUD',
      paymentMethods: (row.paymentMethods ?? []).map((m) => ({
        payment_method: m.payment_method,
        // NEXPAY is enabled for every agency (spec/01 section 9).
        is_payment_method_enabled: m.payment_method === 'nexpay' || m.is_payment_method_enabled === 'on',
        commission_rate: m.commission_rate ?? 0,
      })),
    })),
    ovhcData: [],
    purchase_rule: [],
  }
  return { input, rowOf: ticked.map((t) => t.index) }
}

function configurationErrors(error: z.ZodError, rowOf: number[]) {
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const path = [...issue.path]
    if (path[0] === 'paymentBasedConfigs' && typeof path[1] === 'number') path[1] = rowOf[path[1]] ?? path[1]
    ;(fieldErrors[fieldName(path) || ''] ??= []).push(issue.message)
  }
  return fieldErrors
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireStaff(request, 'agency_management')
  const agencyId = idFromParam(params.agencyId, 'Agency')
  const formData = await readForm(request)
  const back = (tab: Tab, title: string) =>
    redirectWithToast(`/staff/agencies/${agencyId}?tab=${tab}`, { type: 'success', title })

  switch (formData.get('intent')) {
    case 'activate':
    case 'deactivate': {
      const submission = parseWithZod(formData, { schema: StatusIntentSchema })
      if (submission.status !== 'success') return replyInvalid(submission)
      const activate = submission.value.intent === 'activate'
      try {
        await updateAdminAgencyStatus({
          actor,
          agencyId,
          status: activate ? 'PORTAL_ACTIVATED' : 'PORTAL_DEACTIVATED',
        })
      } catch (err) {
        return replyWithError(submission, err)
      }
      return back(submission.value.tab, activate ? 'Portal activated' : 'Portal deactivated')
    }
    case 'set-status': {
      const submission = parseWithZod(formData, { schema: SetStatusSchema })
      if (submission.status !== 'success') return replyInvalid(submission)
      try {
        await updateAdminAgencyStatus({ actor, agencyId, ...submission.value })
      } catch (err) {
        return replyWithError(submission, err)
      }
      return back('overview', 'Status updated')
    }
    case 'password-reset': {
      const submission = parseWithZod(formData, { schema: PasswordResetSchema })
      if (submission.status !== 'success') return replyInvalid(submission)
      try {
        await sendAgencyPasswordReset({ actor, agencyId })
      } catch (err) {
        return replyWithError(submission, err)
      }
      return back(submission.value.tab, 'Password reset e-mail sent')
    }
    case 'your-admission': {
      const submission = parseWithZod(formData, { schema: YourAdmissionIntentSchema })
      if (submission.status !== 'success') return replyInvalid(submission)
      const active = submission.value.active === 'true'
      try {
        await updateYourAdmission({ actor, agencyId, active })
      } catch (err) {
        return replyWithError(submission, err)
      }
      return back('overview', active ? 'Admission service turned on' : 'Admission service turned off')
    }
    case 'card-surcharge': {
      if (!actor.permissions.has('finance')) {
        throw new Response('The card surcharge is changed by staff with the finance permission', {
          status: 403,
        })
      }
      const submission = parseWithZod(formData, { schema: SurchargeIntentSchema })
      if (submission.status !== 'success') return replyInvalid(submission)
      const enabled = submission.value.enabled === 'true'
      try {
        await updateAgencyCardSurcharge({
          actor,
          input: { agency_id: agencyId, is_card_surcharge_enabled: enabled },
        })
      } catch (err) {
        return replyWithError(submission, err)
      }
      return back('overview', enabled ? 'Card surcharge turned on' : 'Card surcharge turned off')
    }
    case 'configure': {
      const submission = parseWithZod(formData, { schema: ConfigureFormSchema })
      if (submission.status !== 'success') return replyInvalid(submission)
      const { input, rowOf } = toConfigurationInput(agencyId, submission.value)
      const parsed = UpsertConfigurationV2Schema.safeParse(input)
      if (!parsed.success) {
        return data(submission.reply({ fieldErrors: configurationErrors(parsed.error, rowOf) }), {
          status: 400,
        })
      }
      try {
        await upsertAgencyConfigurationV2({ actor, input: parsed.data })
      } catch (err) {
        return replyWithError(submission, err)
      }
      return back('configuration', 'Configuration saved')
    }
    case 'add-rule': {
      const submission = parseWithZod(formData, { schema: AddRuleSchema })
      if (submission.status !== 'success') return replyInvalid(submission)
      const { intent: _intent, ...rule } = submission.value
      try {
        const current = await getAgencyConfiguration({ actor, agencyId })
        await upsertAgencyConfigurationV2({
          actor,
          input: {
            agency_Id: agencyId,
            buy_now_pay_later_amount: current.meta.buy_now_pay_later_amount,
            paymentBasedConfigs: [],
            ovhcData: [],
            purchase_rule: [rule],
          },
        })
      } catch (err) {
        return replyWithError(submission, err)
      }
      return back('configuration', 'Purchase rule added')
    }
    case 'delete-rule': {
      const submission = parseWithZod(formData, { schema: DeleteRuleSchema })
      if (submission.status !== 'success') return replyInvalid(submission)
      try {
        await deletePurchaseRule({
          actor,
          input: { agency_id: agencyId, purchase_rule_id: submission.value.purchase_rule_id },
        })
      } catch (err) {
        return replyWithError(submission, err)
      }
      return back('configuration', 'Purchase rule deleted')
    }
    case 'upload-unsigned': {
      const submission = parseWithZod(formData, { schema: UnsignedUploadSchema })
      if (submission.status !== 'success') return replyInvalid(submission)
      try {
        const stored = await storeFormFile({
          actor,
          file: formData.get('unsigned_agreement'),
          field: 'unsigned_agreement',
          agencyId,
        })
        await uploadUnsignedAgreement({
          actor,
          agencyId,
          input: {
            agreement_id: submission.value.agreement_id,
            file_path: stored.key,
            filename: stored.filename.slice(0, 100),
            date: undefined,
          },
        })
      } catch (err) {
        return replyWithError(submission, err)
      }
      return back('agreement', 'Unsigned agreement uploaded')
    }
    case 'send-agreement': {
      const submission = parseWithZod(formData, { schema: SendAgreementSchema })
      if (submission.status !== 'success') return replyInvalid(submission)
      try {
        await sendAgreement({ actor, agencyId })
      } catch (err) {
        return replyWithError(submission, err)
      }
      return back('agreement', 'Agreement sent to the agency')
    }
    case 'upload-signed': {
      const submission = parseWithZod(formData, { schema: SignedUploadSchema })
      if (submission.status !== 'success') return replyInvalid(submission)
      try {
        const stored = await storeFormFile({
          actor,
          file: formData.get('signed_agreement'),
          field: 'signed_agreement',
          agencyId,
        })
        await uploadSignedAgreement({
          actor,
          agencyId,
          input: {
            agreement_id: null,
            file_path: stored.key,
            filename: stored.filename.slice(0, 100),
            date: undefined,
          },
        })
      } catch (err) {
        return replyWithError(submission, err)
      }
      return back('agreement', 'Signed agreement uploaded')
    }
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

// ---- Page --------------------------------------------------------------------------------------

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
type Result = SubmissionResult<string[]>

/** The action's answer belongs to the form that posted `intent` (several forms share the page). */
function useResultFor(...intents: string[]): Result | undefined {
  const result = useActionData<typeof action>() as Result | undefined
  const intent = result?.initialValue?.intent
  return typeof intent === 'string' && intents.includes(intent) ? result : undefined
}

function errorsOf(result: Result | undefined, ...names: string[]) {
  return names.flatMap((n) => result?.error?.[n] ?? [])
}

/** Conform's get*Props carry a React `key`, which must not be spread into JSX. */
function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, 'key'> {
  const { key: _key, ...rest } = props
  return rest
}

function IntentForm({
  intent,
  tab,
  children,
  className,
  encType,
}: {
  intent: string
  tab?: Tab
  children: React.ReactNode
  className?: string
  encType?: 'multipart/form-data'
}) {
  return (
    <Form method="post" encType={encType} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {tab ? <input type="hidden" name="tab" value={tab} /> : null}
      {children}
    </Form>
  )
}

export default function AgencyPage() {
  const loaded = useLoaderData<typeof loader>()
  const { agency, tab } = loaded
  return (
    <div className="space-y-6">
      <Link
        to="/staff/agencies"
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All agencies
      </Link>
      <PageHeader
        title={agency.full_company_name ?? agency.email}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge kind="agency" status={agency.status} />
            <span>{loaded.waitingFor}</span>
          </span>
        }
      />
      <nav aria-label="Agency sections">
        <ul className="flex flex-wrap gap-1 border-b">
          {TABS.map((t) => (
            <li key={t}>
              <Link
                to={`?tab=${t}`}
                aria-current={t === tab ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium',
                  t === tab
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                {TAB_LABELS[t]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'overview' ? <Overview loaded={loaded} /> : null}
      {tab === 'configuration' && loaded.configuration ? (
        <Configuration configuration={loaded.configuration} agencyStatus={agency.status} />
      ) : null}
      {tab === 'agreement' ? <Agreement loaded={loaded} /> : null}
      {tab === 'history' ? <Timeline items={loaded.history ?? []} /> : null}
    </div>
  )
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="col-span-2 break-words">
        {children === null || children === undefined || children === '' ? '—' : children}
      </dd>
    </div>
  )
}

const yesNo = (v: boolean | null | undefined) => (v ? 'Yes' : 'No')

function PortalButtons({ status, tab }: { status: AgencyStatus; tab: Tab }) {
  const result = useResultFor('activate', 'deactivate')
  if (!ACTIVATABLE.includes(status) && status !== 'PORTAL_ACTIVATED') return null
  return (
    <div className="space-y-2">
      {ACTIVATABLE.includes(status) ? (
        <IntentForm intent="activate" tab={tab}>
          <SubmitButton>Activate portal</SubmitButton>
        </IntentForm>
      ) : (
        <IntentForm intent="deactivate" tab={tab}>
          <SubmitButton variant="destructive">Deactivate portal</SubmitButton>
        </IntentForm>
      )}
      <ErrorList errors={errorsOf(result, '')} />
    </div>
  )
}

function SetStatusForm({ status }: { status: AgencyStatus }) {
  const result = useResultFor('set-status')
  const [form, fields] = useForm({
    id: 'set-status',
    lastResult: result,
    defaultValue: { status },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SetStatusSchema }),
    shouldValidate: 'onSubmit',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-md border p-4">
      <input type="hidden" name="intent" value="set-status" />
      <p className="text-sm font-medium">Set the status</p>
      <p className="text-sm text-muted-foreground">
        Moves the agency to any status, outside its onboarding steps; the reason is kept in its history.
      </p>
      <SelectField
        labelProps={{ children: 'Status' }}
        selectProps={getSelectProps(fields.status)}
        options={AGENCY_STATUSES.map((s) => ({ value: s, label: labelOf(AGENCY_STATUS_LABELS, s) }))}
        errors={fields.status.errors}
      />
      <TextareaField
        labelProps={{ children: 'Reason' }}
        textareaProps={{ ...getTextareaProps(fields.reason), rows: 2 }}
        errors={fields.reason.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton variant="outline">Set status</SubmitButton>
    </Form>
  )
}

function Overview({ loaded }: { loaded: LoaderData }) {
  const { agency, canFinance } = loaded
  const reset = useResultFor('password-reset')
  const admission = useResultFor('your-admission')
  const surcharge = useResultFor('card-surcharge')
  const bank = agency.bank_detail
  const address = [
    agency.street_address_1,
    agency.street_address_2,
    agency.city?.name,
    agency.state?.name,
    agency.post_code,
    agency.country?.name,
  ]
    .filter(Boolean)
    .join(', ')
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h3">Company</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <Detail label="Company name">{agency.full_company_name}</Detail>
            <Detail label="E-mail">{agency.email}</Detail>
            <Detail label="Contact person">{agency.contact_person}</Detail>
            <Detail label="Contact number">{agency.contact_number}</Detail>
            <Detail label="Company address">{agency.full_company_address}</Detail>
            <Detail label="Creation type">{labelOf(CREATION_TYPE_LABELS, agency.creation_type)}</Detail>
            <Detail label="Main branch e-mail">{agency.main_branch_email}</Detail>
            <Detail label="E-mail verified">{yesNo(agency.is_email_verified)}</Detail>
            <Detail label="Request submitted">{yesNo(agency.is_request_submitted)}</Detail>
            <Detail label="Verified">
              {agency.is_verfied ? `Yes, ${formatDateTime(agency.verification_date)}` : 'No'}
            </Detail>
            <Detail label="Registered">{formatDateTime(agency.created_at)}</Detail>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Status and access</CardTitle>
          <CardDescription>{loaded.waitingFor}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="flex items-center gap-2 text-sm">
            Current status: <StatusBadge kind="agency" status={agency.status} />
          </div>
          <PortalButtons status={agency.status} tab="overview" />
          <SetStatusForm status={agency.status} />
          <div className="space-y-2">
            <IntentForm intent="password-reset" tab="overview">
              <SubmitButton variant="outline">Send password reset e-mail</SubmitButton>
            </IntentForm>
            <ErrorList errors={errorsOf(reset, '')} />
          </div>
          <div className="space-y-2">
            <p className="text-sm">
              Admission service: <strong>{agency.is_yourAdmission_active ? 'on' : 'off'}</strong>
            </p>
            <IntentForm intent="your-admission">
              <input type="hidden" name="active" value={agency.is_yourAdmission_active ? 'false' : 'true'} />
              <SubmitButton variant="outline">
                {agency.is_yourAdmission_active ? 'Turn admission service off' : 'Turn admission service on'}
              </SubmitButton>
            </IntentForm>
            <ErrorList errors={errorsOf(admission, '')} />
          </div>
          {canFinance ? (
            <div className="space-y-2">
              <p className="text-sm">
                Card surcharge: <strong>{agency.is_card_surcharge_enabled ? 'on' : 'off'}</strong>
              </p>
              <IntentForm intent="card-surcharge">
                <input
                  type="hidden"
                  name="enabled"
                  value={agency.is_card_surcharge_enabled ? 'false' : 'true'}
                />
                <SubmitButton variant="outline">
                  {agency.is_card_surcharge_enabled ? 'Turn card surcharge off' : 'Turn card surcharge on'}
                </SubmitButton>
              </IntentForm>
              <ErrorList errors={errorsOf(surcharge, '')} />
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              Card surcharge: {agency.is_card_surcharge_enabled ? 'on' : 'off'} (changed by finance staff)
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Address</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <Detail label="Address">{address}</Detail>
            <Detail label="Policy e-mails">{agency.policy_comms_email}</Detail>
            <Detail label="Finance e-mails">{agency.finance_comms_email}</Detail>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Bank</CardTitle>
        </CardHeader>
        <CardContent>
          {bank ? (
            <dl className="divide-y">
              <Detail label="Bank">{bank.bank}</Detail>
              <Detail label="Account name">{bank.bank_account_name}</Detail>
              <Detail label="Account number">{bank.account_number}</Detail>
              <Detail label="BSB">{bank.bsb}</Detail>
              <Detail label="ABN">{bank.abn}</Detail>
              <Detail label="SWIFT code">{bank.swift_code}</Detail>
              <Detail label="GST registered">{yesNo(bank.is_gst_registered)}</Detail>
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">The agency has not entered its bank details yet.</p>
          )}
        </CardContent>
      </Card>
    </div>
  )
}

type ConfigurationData = NonNullable<LoaderData['configuration']>

function Configuration({
  configuration,
  agencyStatus,
}: {
  configuration: ConfigurationData
  agencyStatus: AgencyStatus
}) {
  const result = useResultFor('configure')
  const [form, fields] = useForm({
    id: 'configure',
    lastResult: result,
    defaultValue: configuration.defaultValue,
    shouldValidate: 'onSubmit',
  })
  const providerName = (id: string | undefined) =>
    configuration.providers.find((p) => String(p.id) === id)?.name ?? `Insurer ${id}`
  return (
    <div className="space-y-8">
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <input type="hidden" name="intent" value="configure" />
        <p className="text-sm text-muted-foreground">
          Tick each insurer the agency may sell and set its commission.
          {agencyStatus === 'COMPANY_DETAIL_DONE'
            ? ' Saving completes the configuration step of onboarding once the agency has submitted its request.'
            : ''}
        </p>
        <div className="grid gap-4 xl:grid-cols-2">
          {fields.paymentBasedConfigs.getFieldList().map((row) => {
            const r = row.getFieldset()
            const name = providerName(r.insurance_provider_id.initialValue)
            const alreadyConfigured = configuration.configured.some(
              (id) => String(id) === r.insurance_provider_id.initialValue,
            )
            return (
              <fieldset key={row.key} className="space-y-3 rounded-md border p-4">
                <legend className="px-1 text-base font-semibold">{name}</legend>
                <input {...withoutKey(getInputProps(r.insurance_provider_id, { type: 'hidden' }))} />
                <input {...withoutKey(getInputProps(r.credit_currency, { type: 'hidden' }))} />
                {alreadyConfigured ? (
                  <>
                    <input type="hidden" name={r.configured.name} value="on" />
                    <p className="text-sm text-muted-foreground">Configured for this agency.</p>
                  </>
                ) : (
                  <CheckboxField
                    labelProps={{ children: `Configure ${name}` }}
                    inputProps={getInputProps(r.configured, { type: 'checkbox' })}
                    errors={r.configured.errors}
                  />
                )}
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field
                    labelProps={{ children: 'Commission rate (%)' }}
                    inputProps={{
                      ...getInputProps(r.commission_rate, { type: 'text' }),
                      inputMode: 'decimal',
                    }}
                    errors={r.commission_rate.errors}
                  />
                  <Field
                    labelProps={{ children: `Credit amount (${r.credit_currency.initialValue ?? 'AUD'})` }}
                    inputProps={{ ...getInputProps(r.credit_amount, { type: 'text' }), inputMode: 'decimal' }}
                    errors={r.credit_amount.errors}
                  />
                </div>
                <CheckboxField
                  labelProps={{ children: 'Buy now, pay later enabled' }}
                  inputProps={getInputProps(r.is_buy_now_pay_later_enabled, { type: 'checkbox' })}
                  errors={r.is_buy_now_pay_later_enabled.errors}
                />
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium">Payment methods</legend>
                  <div className="flex flex-wrap gap-x-4">
                    {r.paymentMethods.getFieldList().map((method) => {
                      const m = method.getFieldset()
                      const key = m.payment_method.initialValue ?? ''
                      return (
                        <div key={method.key}>
                          <input {...withoutKey(getInputProps(m.payment_method, { type: 'hidden' }))} />
                          <input {...withoutKey(getInputProps(m.commission_rate, { type: 'hidden' }))} />
                          {key === 'nexpay' ? (
                            <>
                              <input type="hidden" name={m.is_payment_method_enabled.name} value="on" />
                              <CheckboxField
                                labelProps={{ children: 'NexPay (always on)' }}
                                inputProps={{
                                  id: m.is_payment_method_enabled.id,
                                  checked: true,
                                  disabled: true,
                                  readOnly: true,
                                }}
                              />
                            </>
                          ) : (
                            <CheckboxField
                              labelProps={{ children: labelOf(PAYMENT_METHOD_KEY_LABELS, key) }}
                              inputProps={getInputProps(m.is_payment_method_enabled, { type: 'checkbox' })}
                              errors={[
                                ...(m.is_payment_method_enabled.errors ?? []),
                                ...(m.commission_rate.errors ?? []),
                              ]}
                            />
                          )}
                        </div>
                      )
                    })}
                  </div>
                  <ErrorList errors={r.paymentMethods.errors} />
                </fieldset>
                <ErrorList errors={[...(row.errors ?? []), ...(r.insurance_provider_id.errors ?? [])]} />
              </fieldset>
            )
          })}
        </div>
        <div className="max-w-sm">
          <Field
            labelProps={{ children: 'Buy now, pay later amount (AUD)' }}
            inputProps={{
              ...getInputProps(fields.buy_now_pay_later_amount, { type: 'text' }),
              inputMode: 'decimal',
            }}
            errors={fields.buy_now_pay_later_amount.errors}
            description={`Remaining allowance: ${formatMoney(configuration.bnplRemaining)}`}
          />
        </div>
        <ErrorList
          id={form.errorId}
          errors={[...(form.errors ?? []), ...(fields.paymentBasedConfigs.errors ?? [])]}
        />
        <SubmitButton>Save configuration</SubmitButton>
      </Form>
      <PurchaseRules configuration={configuration} />
    </div>
  )
}

function PurchaseRules({ configuration }: { configuration: ConfigurationData }) {
  const addResult = useResultFor('add-rule')
  const deleteResult = useResultFor('delete-rule')
  const [form, fields] = useForm<{
    should_buy_quantity: string
    should_buy_policy_type: string
    should_buy_insurance_provider_id: string
    can_buy_policy_type: string
    can_buy_insurance_provider_id: string
  }>({
    id: 'add-rule',
    lastResult: addResult,
    defaultValue: { should_buy_quantity: '1' },
    shouldValidate: 'onSubmit',
  })
  const providerOptions = configuration.providers.map((p) => ({ value: String(p.id), label: p.name }))
  const typeOptions = POLICY_TYPES.map((t) => ({ value: t, label: policyTypeLabel(t) }))
  return (
    <section aria-labelledby="purchase-rules" className="space-y-4">
      <h3 id="purchase-rules" className="text-lg font-semibold">
        Purchase rules
      </h3>
      {configuration.rules.length ? (
        <ul className="divide-y rounded-md border">
          {configuration.rules.map((rule) => (
            <li key={rule.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div>
                <p className="text-sm font-medium">{rule.text}</p>
                <p className="text-sm text-muted-foreground">{rule.progress}</p>
              </div>
              <IntentForm intent="delete-rule">
                <input type="hidden" name="purchase_rule_id" value={rule.id} />
                <SubmitButton variant="outline" size="sm" aria-label={`Delete rule: ${rule.text}`}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </SubmitButton>
              </IntentForm>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No purchase rules.</p>
      )}
      <ErrorList errors={errorsOf(deleteResult, '')} />
      <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-md border p-4">
        <input type="hidden" name="intent" value="add-rule" />
        <p className="text-sm font-medium">
          Add a rule: after buying a quantity of one policy, the agency may buy another.
        </p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <Field
            labelProps={{ children: 'Quantity to buy' }}
            inputProps={{ ...getInputProps(fields.should_buy_quantity, { type: 'number' }), min: 1 }}
            errors={fields.should_buy_quantity.errors}
          />
          <SelectField
            labelProps={{ children: 'Policy type to buy' }}
            selectProps={getSelectProps(fields.should_buy_policy_type)}
            options={typeOptions}
            placeholder="Choose"
            errors={fields.should_buy_policy_type.errors}
          />
          <SelectField
            labelProps={{ children: 'From insurer' }}
            selectProps={getSelectProps(fields.should_buy_insurance_provider_id)}
            options={providerOptions}
            placeholder="Choose"
            errors={fields.should_buy_insurance_provider_id.errors}
          />
          <SelectField
            labelProps={{ children: 'Unlocks policy type' }}
            selectProps={getSelectProps(fields.can_buy_policy_type)}
            options={typeOptions}
            placeholder="Choose"
            errors={fields.can_buy_policy_type.errors}
          />
          <SelectField
            labelProps={{ children: 'From insurer' }}
            selectProps={getSelectProps(fields.can_buy_insurance_provider_id)}
            options={providerOptions}
            placeholder="Choose"
            errors={fields.can_buy_insurance_provider_id.errors}
          />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton variant="outline">Add rule</SubmitButton>
      </Form>
    </section>
  )
}

function Agreement({ loaded }: { loaded: LoaderData }) {
  const { agency } = loaded
  const doc = loaded.document
  const unsigned = useResultFor('upload-unsigned')
  const send = useResultFor('send-agreement')
  const signed = useResultFor('upload-signed')
  const record = doc && 'unsigned_agreement_filename' in doc ? doc : null
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h3">Agreement</CardTitle>
          <CardDescription>{loaded.waitingFor}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="divide-y">
            <Detail label="Agreement id">{record?.agreement_id ?? null}</Detail>
            <Detail label="Unsigned">
              {record?.unsigned_agreement_filename
                ? `${record.unsigned_agreement_filename} (${formatDate(record.unsigned_agreement_date)})`
                : null}
            </Detail>
            <Detail label="Sent to the agency">{yesNo(record?.is_unsigned_agreement_sent)}</Detail>
            <Detail label="Signed">
              {record?.signed_agreement_filename
                ? `${record.signed_agreement_filename} (${formatDate(record.signed_agreement_date)})`
                : null}
            </Detail>
          </dl>
          <div className="flex flex-wrap gap-2">
            {doc?.unsignedAgreementUrl ? (
              <a
                href={doc.unsignedAgreementUrl}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <Download aria-hidden="true" />
                Download unsigned agreement
              </a>
            ) : null}
            {doc?.signedAgreementUrl ? (
              <a href={doc.signedAgreementUrl} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                <Download aria-hidden="true" />
                Download signed agreement
              </a>
            ) : null}
          </div>
          {agency.status === 'CONFIGURATION_DONE' ? (
            <div className="space-y-2">
              <IntentForm intent="send-agreement">
                <SubmitButton disabled={!record?.unsigned_agreement}>Send agreement to agency</SubmitButton>
              </IntentForm>
              {!record?.unsigned_agreement ? (
                <p className="text-sm text-muted-foreground">Upload the unsigned agreement first.</p>
              ) : null}
              <ErrorList errors={errorsOf(send, '')} />
            </div>
          ) : null}
          <PortalButtons status={agency.status} tab="agreement" />
        </CardContent>
      </Card>
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle as="h3">Upload the unsigned agreement</CardTitle>
            <CardDescription>
              {UNSIGNED_UPLOAD_OPEN.includes(agency.status)
                ? 'PDF, JPEG, PNG, DOC or DOCX, up to 5 MB. A new upload replaces the previous one.'
                : `Not possible while the agency is at “${labelOf(AGENCY_STATUS_LABELS, agency.status)}”.`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <IntentForm intent="upload-unsigned" encType="multipart/form-data" className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor="unsigned_agreement">Agreement file</Label>
                <Input
                  id="unsigned_agreement"
                  name="unsigned_agreement"
                  type="file"
                  accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
                  required
                  aria-invalid={
                    errorsOf(unsigned, 'unsigned_agreement', 'file_path').length ? true : undefined
                  }
                  aria-describedby="unsigned-agreement-errors"
                />
                <ErrorList
                  id="unsigned-agreement-errors"
                  errors={errorsOf(unsigned, 'unsigned_agreement', 'file_path', 'filename')}
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor="agreement_id">Agreement id (optional)</Label>
                <Input
                  id="agreement_id"
                  name="agreement_id"
                  defaultValue={record?.agreement_id ?? ''}
                  aria-describedby="agreement-id-errors"
                />
                <ErrorList id="agreement-id-errors" errors={errorsOf(unsigned, 'agreement_id')} />
              </div>
              <ErrorList errors={errorsOf(unsigned, '')} />
              <SubmitButton disabled={!UNSIGNED_UPLOAD_OPEN.includes(agency.status)}>
                Upload unsigned agreement
              </SubmitButton>
            </IntentForm>
          </CardContent>
        </Card>
        {agency.status === 'AGREEMENT_SENT' ? (
          <Card>
            <CardHeader>
              <CardTitle as="h3">Upload the signed agreement</CardTitle>
              <CardDescription>
                On the agency&apos;s behalf, when it sent the signed copy another way.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <IntentForm intent="upload-signed" encType="multipart/form-data" className="space-y-4">
                <div className="space-y-2">
                  <Label htmlFor="signed_agreement">Signed agreement file</Label>
                  <Input
                    id="signed_agreement"
                    name="signed_agreement"
                    type="file"
                    accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
                    required
                    aria-invalid={errorsOf(signed, 'signed_agreement', 'file_path').length ? true : undefined}
                    aria-describedby="signed-agreement-errors"
                  />
                  <ErrorList
                    id="signed-agreement-errors"
                    errors={errorsOf(signed, 'signed_agreement', 'file_path', 'filename')}
                  />
                </div>
                <ErrorList errors={errorsOf(signed, '')} />
                <SubmitButton>Upload signed agreement</SubmitButton>
              </IntentForm>
            </CardContent>
          </Card>
        ) : null}
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/agencies" homeLabel="Back to agencies" />
}
