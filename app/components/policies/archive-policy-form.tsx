import { ConfirmSubmit } from '../confirm-submit'
import { ErrorList, IntentForm, SubmitButton, type ListOfErrors } from '../forms'

/** Archive a policy (asks first, naming it) or restore it; posts `archive` to the page's action. */
export function ArchivePolicyForm({
  policy,
  errors,
}: {
  policy: { ref: string; is_archived: boolean }
  errors?: ListOfErrors
}) {
  return (
    <IntentForm intent="archive" className="space-y-2">
      <input type="hidden" name="is_archived" value={policy.is_archived ? 'false' : 'true'} />
      <ErrorList errors={errors} />
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
    </IntentForm>
  )
}
