import { useSearchParams } from '@remix-run/react'
import { Label } from '../ui/label'
import { Select } from '../ui/select'

const PER_PAGE = [10, 25, 50, 100]

/** The finance lists' "rows per page" filter. */
export function PerPageSelect({ value }: { value: string }) {
  return (
    <div className="space-y-1">
      <Label htmlFor="perPage">Rows per page</Label>
      <Select id="perPage" name="perPage" defaultValue={value}>
        {PER_PAGE.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </Select>
    </div>
  )
}

/** The staff finance lists' agency filter. */
export function AgencySelect({ agencies }: { agencies: { id: number; name: string }[] }) {
  const [searchParams] = useSearchParams()
  return (
    <div className="space-y-1">
      <Label htmlFor="agency_id">Agency</Label>
      <Select id="agency_id" name="agency_id" defaultValue={searchParams.get('agency_id') ?? ''}>
        <option value="">Any agency</option>
        {agencies.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </Select>
    </div>
  )
}
