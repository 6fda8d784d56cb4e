import { getInputProps, getSelectProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { findBankStatements } from '../../../domain/finance/statements/find-bank-statements'
import { findStatementMappings } from '../../../domain/finance/statements/find-statement-mappings'
import { importBankStatement } from '../../../domain/finance/statements/import-bank-statement'
import { saveStatementMapping } from '../../../domain/finance/statements/save-statement-mapping'
import { csvHeader } from '../../../domain/finance/statements/statement-csv'
import { CSV_COLUMNS, MappingColumnsSchema } from '../../../domain/finance/statements/statements.schemas'
import { DomainError } from '../../../domain/shared/errors'
import { text } from '../../../domain/shared/fields'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
} from '../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { readForm, submitForm } from '../../utils/forms.server'
import { formatDateTime } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

const CHOOSE_FILE = 'Choose the statement file (CSV, OFX or camt.053)'

const statementFile = z.instanceof(File, { error: CHOOSE_FILE }).refine((f) => f.size > 0, CHOOSE_FILE)
/** The upload's one field: the statement file (its content is read and checked by the use case). */
const UploadStatementSchema = z.object({ file: statementFile })
/** A bank's columns mapped (the file chosen again): saved under the account's name, then uploaded. */
const MapColumnsSchema = z.object({
  intent: z.literal('map'),
  file: statementFile,
  bank_account: text(2, 100),
  columns: MappingColumnsSchema,
})

const COLUMN_LABELS: Record<(typeof CSV_COLUMNS)[number], string> = {
  date: 'Date',
  description: 'Description',
  reference: 'Reference',
  payer: 'Payer',
  amount: 'Amount (signed)',
  debit: 'Debit',
  credit: 'Credit',
  balance: 'Balance',
  account: 'Account',
}

/** The header row of a file the presets did not recognise (a 400 on the file's line 1), else null. */
function unrecognisedHeader(err: unknown, content: string) {
  if (!(err instanceof DomainError) || !/^Line 1: the header row has no column/.test(err.message)) return null
  return csvHeader(content)
}

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findBankStatements.access, 'staff')
  const rows = await findBankStatements({ actor })
  const mappings = await findStatementMappings({ actor })
  return {
    statements: rows.map((s) => ({ ...s, uploaded_at: s.uploaded_at.toISOString() })),
    mappings: mappings.map((m) => ({ id: m.id, bank_account: m.bank_account, columns: m.columns })),
  }
}

/**
 * Upload a statement (UploadStatementSchema): its lines are stored once and matched, then the
 * statement's page opens. A bad file answers under the field, naming its line.
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, importBankStatement.access, 'staff')
  const formData = await readForm(request, { files: 1 })
  const upload = async (file: File, content: string) => {
    const s = await importBankStatement({
      actor,
      input: { file_name: file.name || 'statement.csv', content },
    })
    return redirectWithToast(`/staff/finance/statements/${s.id}`, {
      type: 'success',
      title: `Statement imported: ${s.new_line_count} new of ${s.line_count} lines`,
    })
  }
  if (formData.get('intent') === 'map')
    return submitForm(formData, MapColumnsSchema, async ({ file, bank_account, columns }) => {
      const content = await file.text()
      await saveStatementMapping({ actor, input: { bank_account, header: csvHeader(content), columns } })
      return upload(file, content)
    })
  return submitForm(formData, UploadStatementSchema, async ({ file }, submission) => {
    const content = await file.text()
    try {
      return await upload(file, content)
    } catch (err) {
      // A header row no preset or saved mapping knows: the page offers to map its columns.
      const header = unrecognisedHeader(err, content)
      if (!header) throw err
      return data(
        { ...submission.reply({ fieldErrors: { file: [(err as Error).message] } }), header },
        { status: 400 },
      )
    }
  })
}

function UploadStatement() {
  const [form, fields] = useConformForm(UploadStatementSchema)
  // A refused file comes back on its field and as the form's message: shown once.
  const errors = [...new Set([...(fields.file.errors ?? []), ...(form.errors ?? [])])]
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Upload a bank statement</CardTitle>
        <CardDescription>
          A CSV export with a header row (Date, Description, Reference, Debit and Credit or Amount, Balance;
          dates as dd/mm/yyyy or yyyy-mm-dd). Lines already uploaded are not added again. Credit lines are
          matched to the payments and top-ups waiting for a bank transfer, debit lines to the payout batches
          sent to the bank; nothing is approved until someone confirms.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm form={form} encType="multipart/form-data" className="flex flex-wrap items-start gap-3">
          <div className="space-y-1">
            <Label htmlFor="statement_file">Statement file (CSV, OFX or camt.053 XML, up to 5 MB)</Label>
            <Input
              id="statement_file"
              name={fields.file.name}
              type="file"
              accept=".csv,.ofx,.qfx,.xml,text/csv,application/xml,text/xml"
              required
              aria-invalid={errors.length ? true : undefined}
              aria-describedby={errors.length ? 'statement_file-errors' : undefined}
            />
            <ErrorList id="statement_file-errors" errors={errors} />
          </div>
          <SubmitButton className="mt-6">Upload statement</SubmitButton>
        </ConformForm>
      </CardContent>
    </Card>
  )
}

/**
 * Map the columns of a bank's export the presets do not know: which header cell holds what, saved
 * under the bank account's name, then the file (chosen again) is uploaded with it.
 */
function MapColumns({ header }: { header: string[] }) {
  const [form, fields] = useConformForm<{
    bank_account: string
    file: File
    columns: Record<string, string>
  }>(MapColumnsSchema, {
    intent: 'map',
  })
  const columns = fields.columns.getFieldset()
  const options = header.map((h) => ({ value: h, label: h }))
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Map this bank&apos;s columns</CardTitle>
        <CardDescription>
          Its header row is {header.map((h) => `"${h}"`).join(', ')}. Say which column holds what (a date, a
          description or reference, and an amount or a debit and a credit); the mapping is saved under the
          bank account&apos;s name and reads this bank&apos;s statements from now on. Choose the file again to
          upload it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm form={form} intent="map" encType="multipart/form-data" className="space-y-3">
          <Field
            labelProps={{ children: 'Bank account' }}
            inputProps={{
              ...getInputProps(fields.bank_account, { type: 'text' }),
              placeholder: 'e.g. CBA 062-000 1234 5678',
            }}
            errors={fields.bank_account.errors}
          />
          <div className="grid gap-3 sm:grid-cols-3">
            {CSV_COLUMNS.map((col) => (
              <SelectField
                key={col}
                labelProps={{ children: `${COLUMN_LABELS[col]} column` }}
                selectProps={getSelectProps(columns[col])}
                placeholder="None"
                options={options}
                errors={columns[col].errors}
              />
            ))}
          </div>
          <Field
            labelProps={{ children: 'The statement file again' }}
            inputProps={{ ...getInputProps(fields.file, { type: 'file' }), accept: '.csv,text/csv' }}
            errors={fields.file.errors}
          />
          <ErrorList id="map-errors" errors={form.errors} />
          <SubmitButton>Save mapping and upload</SubmitButton>
        </ConformForm>
      </CardContent>
    </Card>
  )
}

function SavedMappings({
  mappings,
}: {
  mappings: ReturnType<typeof useLoaderData<typeof loader>>['mappings']
}) {
  if (!mappings.length) return null
  return (
    <Table aria-label="Saved column mappings">
      <TableHeader>
        <TableRow>
          <TableHead>Bank account</TableHead>
          <TableHead>Columns</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {mappings.map((m) => (
          <TableRow key={m.id}>
            <TableCell>{m.bank_account}</TableCell>
            <TableCell>
              {Object.entries(m.columns)
                .map(([col, cell]) => `${COLUMN_LABELS[col as (typeof CSV_COLUMNS)[number]] ?? col}: ${cell}`)
                .join(' · ')}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

export default function StaffFinanceStatements() {
  const { statements, mappings } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const header = answer && 'header' in answer ? (answer.header as string[]) : null
  return (
    <div className="space-y-4">
      <UploadStatement />
      {header ? <MapColumns header={header} /> : null}
      <Table aria-label="Bank statements">
        <TableHeader>
          <TableRow>
            <TableHead>File</TableHead>
            <TableHead>Format</TableHead>
            <TableHead>Uploaded</TableHead>
            <TableHead className="text-right">Lines</TableHead>
            <TableHead className="text-right">New lines</TableHead>
            <TableHead className="text-right">Open lines</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {statements.length ? (
            statements.map((s) => (
              <TableRow key={s.id}>
                <TableCell>
                  <Link className="underline" to={`/staff/finance/statements/${s.id}`}>
                    {s.file_name}
                  </Link>
                </TableCell>
                <TableCell>{s.format}</TableCell>
                <TableCell>{formatDateTime(s.uploaded_at)}</TableCell>
                <TableCell className="text-right">{s.line_count}</TableCell>
                <TableCell className="text-right">{s.new_line_count}</TableCell>
                <TableCell className="text-right">{s.open_line_count}</TableCell>
              </TableRow>
            ))
          ) : (
            <TableRow>
              <TableCell colSpan={6}>No statement uploaded yet.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <SavedMappings mappings={mappings} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
