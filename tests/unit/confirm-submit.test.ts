import { describe, expect, it } from 'vitest'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'

import { ConfirmSubmit } from '../../app/components/confirm-submit'

describe('ConfirmSubmit before hydration', () => {
  const html = renderToString(
    createElement(ConfirmSubmit, {
      title: 'Delete the rate card of Allianz from 1 Jan 2026?',
      description: 'Its monthly rate of A$50.00 will no longer price quotes.',
      confirmLabel: 'Delete rate card',
      name: 'intent',
      value: 'delete',
      children: 'Delete',
    }),
  )

  it('is the plain submit button carrying its name and value, so the form works without JavaScript', () => {
    const button = html.match(/<button[^>]*>/)?.[0] ?? ''
    expect(button).toContain('type="submit"')
    expect(button).toContain('name="intent"')
    expect(button).toContain('value="delete"')
    expect(html).toContain('Delete')
  })

  it('renders no dialog yet: the question only opens once JavaScript runs', () => {
    expect(html).not.toContain('<dialog')
    expect(html).not.toContain('Delete rate card')
  })
})
