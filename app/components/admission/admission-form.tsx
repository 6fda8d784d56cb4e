import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  TextareaField,
  useConformForm,
  useResultFor,
  type FormSchema,
  type SelectOption,
} from '../forms'

export type FieldDef = {
  name: string
  label: string
  type?: 'text' | 'date' | 'number' | 'email' | 'url' | 'textarea' | 'select' | 'file'
  options?: SelectOption[]
  placeholder?: string
  description?: string
}

/**
 * A form of `defs` posting `intent`, in the house style (Conform over `schema`, the schema the
 * action's submitForm parses this intent with): the browser checks it on submit, then as fields
 * lose focus; after a refused submission it shows what was typed and the errors under their
 * fields; otherwise `values`.
 */
export function AdmissionForm({
  id,
  intent,
  schema,
  defs,
  values = {},
  submit,
  hidden = {},
  columns = 'sm:grid-cols-2 lg:grid-cols-3',
}: {
  id: string
  intent: string
  /** The schema the action parses this form with (browser-safe: a .schemas module). */
  schema: FormSchema
  defs: FieldDef[]
  values?: Record<string, unknown>
  submit: string
  hidden?: Record<string, string | number>
  columns?: string
}) {
  const mine = useResultFor(intent)
  const [form, fields] = useConformForm(schema, { id, intent })
  const shown = mine?.initialValue ?? values
  const errors = (name: string) => fields[name]?.errors
  const value = (name: string) => {
    const v = shown[name]
    return v === null || v === undefined ? '' : String(v)
  }
  const hasFile = defs.some((d) => d.type === 'file')
  return (
    <ConformForm
      form={form}
      intent={intent}
      className="space-y-4"
      encType={hasFile ? 'multipart/form-data' : undefined}
    >
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={String(v)} />
      ))}
      <div className={`grid gap-4 ${columns}`}>
        {defs.map((d) => {
          const fid = `${id}-${d.name}`
          // A new key after each reply resets the uncontrolled inputs to what the server answered.
          const key = `${fid}-${value(d.name)}`
          if (d.type === 'select')
            return (
              <SelectField
                key={fid}
                labelProps={{ children: d.label }}
                selectProps={{ id: fid, name: d.name, defaultValue: value(d.name), key }}
                options={d.options ?? []}
                placeholder={d.placeholder ?? 'Choose'}
                errors={errors(d.name)}
                description={d.description}
              />
            )
          if (d.type === 'textarea')
            return (
              <TextareaField
                key={fid}
                className="sm:col-span-2 lg:col-span-3"
                labelProps={{ children: d.label }}
                textareaProps={{ id: fid, name: d.name, defaultValue: value(d.name), key, rows: 3 }}
                errors={errors(d.name)}
                description={d.description}
              />
            )
          return (
            <Field
              key={fid}
              labelProps={{ children: d.label }}
              inputProps={{
                id: fid,
                name: d.name,
                type: d.type === 'number' ? 'text' : (d.type ?? 'text'),
                inputMode: d.type === 'number' ? 'decimal' : undefined,
                defaultValue: d.type === 'file' ? undefined : value(d.name),
                placeholder: d.placeholder,
                key: d.type === 'file' ? fid : key,
              }}
              errors={errors(d.name)}
              description={d.description}
            />
          )
        })}
      </div>
      <ErrorList errors={form.errors} />
      <SubmitButton>{submit}</SubmitButton>
    </ConformForm>
  )
}

/** The page info of a short list shown whole. */
export const onePage = (n: number) => ({ page: 1, perPage: Math.max(n, 1), total: n, totalPages: 1 })
