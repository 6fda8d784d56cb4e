import { z } from 'zod'

import { ConfirmSubmit } from '../confirm-submit'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../forms'

/** The archive form of both portals' policy pages: archive (`true`) or restore (`false`). */
export const ArchivePolicySchema = z.object({
  intent: z.literal('archive'),
  is_archived: z.enum(['true', 'false']),
})

/** Archive a policy (asks first, naming it) or restore it; posts `archive` to the page's action. */
export function ArchivePolicyForm({ policy }: { policy: { ref: string; is_archived: boolean } }) {
  const [form, fields] = useConformForm(ArchivePolicySchema, { intent: 'archive' })
  return (
    <ConformForm form={form} intent="archive" className="space-y-2">
      <input type="hidden" name="is_archived" value={policy.is_archived ? 'false' : 'true'} />
      <ErrorList errors={[...(form.errors ?? []), ...(fields.is_archived.errors ?? [])]} />
      {policy.is_archived ? (
        <SubmitButton size="sm" variant="outline">
          Restore from the archive
        </SubmitButton>
      ) : (
        <ConfirmSubmit
          size="sm"
          variant="outline"
          title={`Archive policy ${policy.ref}?`}
          description="It leaves the policy lists and shows only under the Archived tab; it can be restored at any time."
          confirmLabel="Archive policy"
        >
          Archive policy
        </ConfirmSubmit>
      )}
    </ConformForm>
  )
}
