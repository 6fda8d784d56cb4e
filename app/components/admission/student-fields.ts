import type { FieldDef } from './admission-form'

export const studentFields = (countries: { value: string; label: string }[]): FieldDef[] => [
  { name: 'name', label: 'Full name' },
  { name: 'email', label: 'E-mail', type: 'email' },
  { name: 'phone_number', label: 'Phone number' },
  { name: 'dob', label: 'Date of birth', type: 'date' },
  { name: 'country_id', label: 'Country', type: 'select', options: countries },
]
