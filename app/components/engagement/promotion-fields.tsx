import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { CheckboxField, Field, SelectField, TextareaField } from '../forms'

export type PromotionForm = {
  title: string
  description: string
  thumbnail: string
  publish_date: string
  end_date: string
  status: string
}
type Fields = { [K in keyof PromotionForm]: FieldMetadata<PromotionForm[K]> }

/**
 * The fields of a promotion (create and edit share them). The thumbnail is an image file (the
 * form posts as multipart); `thumbnail` itself carries the key of the one already stored.
 */
export function PromotionFields({
  fields,
  thumbnailUrl,
}: {
  fields: Fields
  /** The stored thumbnail's address, when editing one that has it. */
  thumbnailUrl?: string | null
}) {
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
      <input {...getInputProps(fields.thumbnail, { type: 'hidden' })} />
      {thumbnailUrl ? (
        <figure className="space-y-1">
          <img src={thumbnailUrl} alt="The current thumbnail" className="max-h-40 rounded-md object-cover" />
          <figcaption className="text-sm text-muted-foreground">The current thumbnail.</figcaption>
        </figure>
      ) : null}
      <Field
        labelProps={{ children: thumbnailUrl ? 'Replace the thumbnail (optional)' : 'Thumbnail (optional)' }}
        inputProps={{
          id: `${fields.thumbnail.id}-file`,
          name: 'thumbnail_file',
          type: 'file',
          accept: 'image/png,image/jpeg',
        }}
        description="A PNG or JPEG image, up to 5 MB. Agencies see it on the promotion."
        errors={fields.thumbnail.errors}
      />
      {fields.thumbnail.initialValue ? (
        <CheckboxField
          labelProps={{ children: 'Remove the thumbnail' }}
          inputProps={{ id: `${fields.thumbnail.id}-remove`, name: 'remove_thumbnail', value: 'on' }}
        />
      ) : null}
    </>
  )
}
