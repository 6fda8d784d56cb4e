import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { findBankStatements } from '../../../domain/finance/statements/find-bank-statements'
import { importBankStatement } from '../../../domain/finance/statements/import-bank-statement'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { readForm, submitForm } from '../../utils/forms.server'
import { formatDateTime } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

const CHOOSE_FILE = 'Choose the statement file (CSV, OFX or camt.053)'

/** The upload's one field: the statement file (its content is read and checked by the use case). */
const UploadStatementSchema = z.object({
  file: z.instanceof(File, { error: CHOOSE_FILE }).refine((f) => f.size > 0, CHOOSE_FILE),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findBankStatements.access, 'staff')
  const rows = await findBankStatements({ actor })
  return {
    statements: rows.map((s) => ({ ...s, uploaded_at: s.uploaded_at.toISOString() })),
  }
}

/**
 * Upload a statement (UploadStatementSchema): its lines are stored once and matched, then the
 * statement's page opens. A bad file answers under the field, naming its line.
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, importBankStatement.access, 'staff')
  const formData = await readForm(request, { files: 1 })
  return submitForm(formData, UploadStatementSchema, async ({ file }) => {
    const input = { file_name: file.name || 'statement.csv', content: await file.text() }
    const s = await importBankStatement({ actor, input })
    return redirectWithToast(`/staff/finance/statements/${s.id}`, {
      type: 'success',
      title: `Statement imported: ${s.new_line_count} new of ${s.line_count} lines`,
    })
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

export default function StaffFinanceStatements() {
  const { statements } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <UploadStatement />
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
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
