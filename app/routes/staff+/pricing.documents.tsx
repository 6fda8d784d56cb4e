import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { FileText, Upload } from 'lucide-react'
import { z } from 'zod'
import { findProviderPdsList } from '../../../domain/quotes/get-provider-pds'
import { uploadProviderPds } from '../../../domain/quotes/upload-provider-pds'
import { findInsuranceProviders } from '../../../domain/reference/find-insurance-providers'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../components/forms'
import { buttonVariants } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { readForm, submitForm } from '../../utils/forms.server'
import { formatDateTime } from '../../utils/misc'
import { requireStaff } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { storeFormFile } from '../../utils/upload.server'
import { id } from '../../../domain/shared/fields'

const UploadSchema = z.object({ provider_id: id() })

export const meta: MetaFunction = () => [{ title: 'Product disclosure statements · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'finance')
  const [providers, pds] = await Promise.all([findInsuranceProviders(), findProviderPdsList()])
  return {
    providers: providers.map((p) => {
      const doc = pds.find((d) => d.provider_id === p.id)
      return {
        id: p.id,
        name: p.name,
        filename: doc?.filename ?? null,
        updated_at: doc?.updated_at ?? null,
      }
    }),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireStaff(request, 'finance')
  const formData = await readForm(request)
  return submitForm(formData, UploadSchema, async (value) => {
    const stored = await storeFormFile({ actor, file: formData.get('pds'), field: 'pds' })
    await uploadProviderPds({
      actor,
      input: {
        provider_id: value.provider_id,
        file_path: stored.key,
        filename: stored.filename.slice(0, 200),
      },
    })
    return redirectWithToast('/staff/pricing/documents', {
      type: 'success',
      title: 'Product disclosure statement uploaded',
    })
  })
}

type Result = SubmissionResult<string[]>

export default function ProviderDocuments() {
  const { providers } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as Result | undefined
  // The reply belongs to the form of the insurer it names.
  const resultFor = (providerId: number) =>
    String(result?.initialValue?.provider_id) === String(providerId) ? (result ?? null) : null
  return (
    <section aria-labelledby="pds" className="space-y-3">
      <h3 id="pds" className="text-lg font-semibold">
        Product disclosure statements
      </h3>
      <p className="text-sm text-muted-foreground">
        Agencies open each insurer&apos;s PDS from their quotes. PDF, JPEG, PNG, DOC or DOCX, up to 5 MB; a
        new upload replaces the previous one.
      </p>
      <div className="rounded-md border">
        <Table>
          <caption className="sr-only">Product disclosure statement of each insurer</caption>
          <TableHeader>
            <TableRow>
              <TableHead>Insurer</TableHead>
              <TableHead>Current PDS</TableHead>
              <TableHead>Upload a new one</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {providers.map((p) => {
              return (
                <TableRow key={p.id}>
                  <TableCell className="align-top font-medium">{p.name}</TableCell>
                  <TableCell className="align-top">
                    {p.filename ? (
                      <div className="space-y-1">
                        <a
                          href={`/staff/quotes/pds/${p.id}`}
                          className={buttonVariants({ variant: 'link', size: 'sm' })}
                          aria-label={`Download ${p.filename}, the PDS of ${p.name}`}
                        >
                          <FileText aria-hidden="true" />
                          {p.filename}
                        </a>
                        {p.updated_at ? (
                          <p className="text-sm text-muted-foreground">
                            Uploaded {formatDateTime(p.updated_at)}
                          </p>
                        ) : null}
                      </div>
                    ) : (
                      <span className="text-muted-foreground">None uploaded</span>
                    )}
                  </TableCell>
                  <TableCell className="align-top">
                    <PdsUploadForm provider={p} lastResult={resultFor(p.id)} />
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      </div>
    </section>
  )
}

/** An insurer's PDS upload: the file, checked by the action (the schema names the insurer). */
function PdsUploadForm({
  provider: p,
  lastResult,
}: {
  provider: { id: number; name: string }
  lastResult: Result | null
}) {
  const [form, fields] = useConformForm(UploadSchema, { id: `upload-pds-${p.id}`, lastResult })
  const errors = [...(fields.pds.errors ?? []), ...(fields.file_path.errors ?? []), ...(form.errors ?? [])]
  const inputId = `pds-${p.id}`
  return (
    <ConformForm form={form} encType="multipart/form-data" className="flex flex-wrap items-start gap-2">
      <input type="hidden" name="provider_id" value={p.id} />
      <div className="space-y-1">
        <Label htmlFor={inputId} className="sr-only">
          PDS file for {p.name}
        </Label>
        <Input
          id={inputId}
          name="pds"
          type="file"
          accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
          required
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? `${inputId}-errors` : undefined}
        />
        <ErrorList id={`${inputId}-errors`} errors={errors} />
      </div>
      <SubmitButton variant="outline" size="sm" aria-label={`Upload the PDS of ${p.name}`}>
        <Upload aria-hidden="true" />
        Upload
      </SubmitButton>
    </ConformForm>
  )
}
