import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { FeedbackSchema } from '../../utils/engagement-forms.schemas'
import { TICKET_PRIORITY_LABELS, TICKET_PROJECT_LABELS, TICKET_TYPE_LABELS } from '../../utils/labels'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  TextareaField,
  useConformForm,
} from '../forms'

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }))

/** Report a ticket (bug, new feature, improvement); the schema checks it in the browser and on the server. */
export function ReportTicketForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useConformForm(FeedbackSchema, {
    id: 'report-ticket',
    lastResult: lastResult ?? null,
    defaultValue: { type: 'BUG', priority: 'MEDIUM', project_name: 'OSHC' },
  })
  return (
    <ConformForm form={form} intent="report" className="space-y-2">
      <Field
        labelProps={{ children: 'Title' }}
        inputProps={getInputProps(fields.title, { type: 'text' })}
        errors={fields.title.errors}
      />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <SelectField
          labelProps={{ children: 'Type' }}
          selectProps={getSelectProps(fields.type)}
          options={options(TICKET_TYPE_LABELS)}
          errors={fields.type.errors}
        />
        <SelectField
          labelProps={{ children: 'Priority' }}
          selectProps={getSelectProps(fields.priority)}
          options={options(TICKET_PRIORITY_LABELS)}
          errors={fields.priority.errors}
        />
        <SelectField
          labelProps={{ children: 'Product' }}
          selectProps={getSelectProps(fields.project_name)}
          options={options(TICKET_PROJECT_LABELS)}
          errors={fields.project_name.errors}
        />
      </div>
      <TextareaField
        labelProps={{ children: 'What happened, or what would help' }}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }}
        errors={fields.description.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>Report ticket</SubmitButton>
    </ConformForm>
  )
}
