import { UNIVERSITY_STATUS_TEXT, UNIVERSITY_TYPE_TEXT } from '../../utils/admission-labels'
import type { FieldDef } from './admission-form'

export const typeOptions = Object.entries(UNIVERSITY_TYPE_TEXT).map(([value, label]) => ({ value, label }))
export const statusOptions = Object.entries(UNIVERSITY_STATUS_TEXT).map(([value, label]) => ({
  value,
  label,
}))
export const currencyOptions = ['AUD', 'USD', 'NPR', 'INR'].map((c) => ({ value: c, label: c }))

export const universityFields = (countries: { value: string; label: string }[]): FieldDef[] => [
  { name: 'full_name', label: 'Name' },
  { name: 'type', label: 'Type', type: 'select', options: typeOptions },
  { name: 'country_id', label: 'Country', type: 'select', options: countries },
  { name: 'full_address', label: 'Full address' },
  { name: 'street_address_1', label: 'Street address' },
  { name: 'street_address_2', label: 'Street address (line 2)' },
  { name: 'email', label: 'E-mail', type: 'email' },
  { name: 'phone_number', label: 'Phone number' },
  { name: 'establishment_date', label: 'Established', type: 'date' },
  { name: 'logo_file', label: 'Logo (PNG or JPEG)', type: 'file' },
]

export const courseFields: FieldDef[] = [
  { name: 'name', label: 'Course name' },
  { name: 'cricos_code', label: 'CRICOS code', placeholder: '012345A' },
  { name: 'duration', label: 'Duration (weeks)', type: 'number' },
  { name: 'fee', label: 'Tuition fee', type: 'number' },
  { name: 'currency', label: 'Currency', type: 'select', options: currencyOptions },
  { name: 'website_url', label: 'Website', type: 'url' },
  { name: 'description', label: 'Description', type: 'textarea' },
]
