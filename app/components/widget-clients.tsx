import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { PublicClientSchema } from '../utils/widget-forms.schemas'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  TextareaField,
  useConformForm,
} from './forms'
import { PUBLIC_CLIENT_TYPE_LABELS as CLIENT_TYPE_LABELS } from '../utils/labels'

export { CLIENT_TYPE_LABELS }

/** The HTML a partner pastes into its page to show the widget. */
export function widgetSnippet(origin: string, clientId: string, type: keyof typeof CLIENT_TYPE_LABELS) {
  return type === 'IN_APP'
    ? `<script src="${origin}/embed.js" data-client-id="${clientId}" async></script>`
    : `<iframe src="${origin}/embed/${clientId}" title="Overseas student health cover quote" style="width:100%;min-height:760px;border:0"></iframe>`
}

/** The form that creates a website client (the schema checks it in the browser and on the server). */
export function NewClientForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useConformForm(PublicClientSchema, {
    id: 'new-client',
    lastResult: lastResult ?? null,
    defaultValue: { type: 'IN_APP' },
  })
  return (
    <ConformForm form={form} intent="create" className="space-y-2">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'Name' }}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), placeholder: 'Main website' }}
          errors={fields.name.errors}
        />
        <SelectField
          labelProps={{ children: 'How it is embedded' }}
          selectProps={getSelectProps(fields.type)}
          options={Object.entries(CLIENT_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          errors={fields.type.errors}
        />
      </div>
      <TextareaField
        labelProps={{ children: 'Website origins' }}
        textareaProps={{
          ...getTextareaProps(fields.whitelist_url),
          rows: 3,
          placeholder: 'https://www.example.com',
        }}
        description="One per line: scheme, host and port only (https://www.example.com). One leading *. allows the sub-domains of a domain."
        errors={
          fields.whitelist_url.errors ?? Object.entries(fields.whitelist_url.allErrors).flatMap(([, e]) => e)
        }
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'Accent colour (optional)' }}
          inputProps={{ ...getInputProps(fields.theme_color, { type: 'text' }), placeholder: '#1d4ed8' }}
          errors={fields.theme_color.errors}
        />
        <Field
          labelProps={{ children: 'Logo address (optional)' }}
          inputProps={{
            ...getInputProps(fields.logo_url, { type: 'url' }),
            placeholder: 'https://…/logo.png',
          }}
          errors={fields.logo_url.errors}
        />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>Create website client</SubmitButton>
    </ConformForm>
  )
}
