import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { Field, SelectField, TextareaField } from '../forms'

export type PromotionForm = {
  title: string
  description: string
  thumbnail: string
  publish_date: string
  end_date: string
  status: string
}
type Fields = { [K in keyof PromotionForm]: FieldMetadata<PromotionForm[K]> }

/** The fields of a promotion (create and edit share them). */
export function PromotionFields({ fields }: { fields: Fields }) {
  return (
    <>
      <Field
        labelProps={{ children: 'Title' }}
        inputProps={getInputProps(fields.title, { type: 'text' })}
        errors={fields.title.errors}
      />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <Field
          labelProps={{ children: 'Publish on' }}
          inputProps={getInputProps(fields.publish_date, { type: 'date' })}
          errors={fields.publish_date.errors}
        />
        <Field
          labelProps={{ children: 'Ends on' }}
          inputProps={getInputProps(fields.end_date, { type: 'date' })}
          errors={fields.end_date.errors}
        />
        <SelectField
          labelProps={{ children: 'Status' }}
          selectProps={getSelectProps(fields.status)}
          options={[
            { value: 'DRAFT', label: 'Draft (staff only)' },
            { value: 'PUBLISHED', label: 'Published (agencies see it)' },
          ]}
          errors={fields.status.errors}
        />
      </div>
      <TextareaField
        labelProps={{ children: 'Description' }}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 6 }}
        description="Paragraphs, bold, italics, lists, headings and links; anything else (scripts, images, styles) is removed when saved."
        errors={fields.description.errors}
      />
      <Field
        labelProps={{ children: 'Thumbnail address (optional)' }}
        inputProps={{
          ...getInputProps(fields.thumbnail, { type: 'text' }),
          placeholder: 'https://…/image.png',
        }}
        errors={fields.thumbnail.errors}
      />
    </>
  )
}
