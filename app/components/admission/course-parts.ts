import { ENGLISH_TEST_TEXT, MONTH_TEXT } from '../../utils/admission-labels'
import { formatCents, formatDate } from '../../utils/misc'
import type { FieldDef } from './admission-form'
import { currencyOptions } from './university-fields'

export const PART_TABS = ['intakes', 'documents', 'requirements', 'english', 'scholarships'] as const
export type PartTab = (typeof PART_TABS)[number]

type Row = Record<string, unknown>
const s = (v: unknown) => (v === null || v === undefined ? '' : String(v))
export const monthOptions = MONTH_TEXT.map((label, i) => ({ value: String(i + 1), label }))

/** What each tab of the course editor lists and asks for. */
export const PARTS: Record<
  PartTab,
  { label: string; one: string; defs: FieldDef[]; columns: { header: string; cell: (r: Row) => string }[] }
> = {
  intakes: {
    label: 'Intakes',
    one: 'intake',
    defs: [
      { name: 'month', label: 'Month', type: 'select', options: monthOptions },
      { name: 'year', label: 'Year', type: 'number' },
      { name: 'application_deadline', label: 'Application deadline', type: 'date' },
    ],
    columns: [
      { header: 'Intake', cell: (r) => `${MONTH_TEXT[Number(r.month) - 1]} ${s(r.year)}` },
      {
        header: 'Apply by',
        cell: (r) => (r.application_deadline ? formatDate(s(r.application_deadline)) : 'Open'),
      },
    ],
  },
  documents: {
    label: 'Documents',
    one: 'document',
    defs: [
      { name: 'name', label: 'Name' },
      { name: 'category', label: 'Category', placeholder: 'Brochure, handbook…' },
      { name: 'url', label: 'Link', type: 'url' },
    ],
    columns: [
      { header: 'Name', cell: (r) => s(r.name) },
      { header: 'Category', cell: (r) => s(r.category) },
      { header: 'Link', cell: (r) => s(r.url) },
    ],
  },
  requirements: {
    label: 'Requirements',
    one: 'requirement',
    defs: [
      { name: 'qualification_level', label: 'Qualification level' },
      { name: 'minimum_grade', label: 'Minimum grade' },
    ],
    columns: [
      { header: 'Qualification', cell: (r) => s(r.qualification_level) },
      { header: 'Minimum grade', cell: (r) => s(r.minimum_grade) },
    ],
  },
  english: {
    label: 'English',
    one: 'English requirement',
    defs: [
      {
        name: 'english_test_type',
        label: 'Test',
        type: 'select',
        options: Object.entries(ENGLISH_TEST_TEXT).map(([value, label]) => ({ value, label })),
      },
      { name: 'overall', label: 'Overall', type: 'number' },
      { name: 'listening', label: 'Listening', type: 'number' },
      { name: 'reading', label: 'Reading', type: 'number' },
      { name: 'speaking', label: 'Speaking', type: 'number' },
      { name: 'writing', label: 'Writing', type: 'number' },
    ],
    columns: [
      {
        header: 'Test',
        cell: (r) => ENGLISH_TEST_TEXT[r.english_test_type as keyof typeof ENGLISH_TEST_TEXT],
      },
      { header: 'Overall', cell: (r) => s(r.overall) },
      {
        header: 'L / R / S / W',
        cell: (r) => [r.listening, r.reading, r.speaking, r.writing].map(s).join(' / '),
      },
    ],
  },
  scholarships: {
    label: 'Scholarships',
    one: 'scholarship',
    defs: [
      { name: 'name', label: 'Name' },
      { name: 'amount', label: 'Amount', type: 'number' },
      { name: 'currency', label: 'Currency', type: 'select', options: currencyOptions },
      { name: 'duration', label: 'Duration', placeholder: 'Full course, 1 year…' },
      { name: 'criteria', label: 'Criteria', type: 'textarea' },
    ],
    columns: [
      { header: 'Name', cell: (r) => s(r.name) },
      { header: 'Amount', cell: (r) => formatCents(Number(r.fee), s(r.currency)) },
      { header: 'Duration', cell: (r) => s(r.duration) },
      { header: 'Criteria', cell: (r) => s(r.criteria) },
    ],
  },
}
