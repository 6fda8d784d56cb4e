import { useSearchParams } from '@remix-run/react'
import { labelOf, PAYMENT_METHOD_LABELS } from '../../utils/labels'
import { FilterBar, SORT_DIRECTION_PARAM, SORT_KEY_PARAM } from '../data-table'
import { Input } from '../ui/input'
import { Label } from '../ui/label'
import { Select } from '../ui/select'
import { AgencySelect, PerPageSelect } from './list-fields'

/** The filters of the staff payment lists: search, agency, insurer, payment method, page size. */
export function PaymentFilters({
  agencies,
  providers,
  perPage,
  methods,
}: {
  agencies: { id: number; name: string }[]
  providers: { id: number; name: string }[]
  perPage: string
  methods: readonly string[]
}) {
  const [searchParams] = useSearchParams()
  return (
    <FilterBar preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM, 'status_tab']} label="Payment filters">
      <div className="space-y-1">
        <Label htmlFor="search">Search</Label>
        <Input
          id="search"
          name="search"
          type="search"
          placeholder="Ref, student name or e-mail"
          defaultValue={searchParams.get('search') ?? ''}
        />
      </div>
      <AgencySelect agencies={agencies} />
      <div className="space-y-1">
        <Label htmlFor="provider_id">Insurer</Label>
        <Select id="provider_id" name="provider_id" defaultValue={searchParams.get('provider_id') ?? ''}>
          <option value="">Any insurer</option>
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor="payment_type">Payment method</Label>
        <Select id="payment_type" name="payment_type" defaultValue={searchParams.get('payment_type') ?? ''}>
          <option value="">Any method</option>
          {methods.map((m) => (
            <option key={m} value={m}>
              {labelOf(PAYMENT_METHOD_LABELS, m)}
            </option>
          ))}
        </Select>
      </div>
      <PerPageSelect value={perPage} />
    </FilterBar>
  )
}
