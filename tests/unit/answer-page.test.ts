// Where a decision made from the inbox's task view answers (app/utils/forms.server.ts answerPage):
// only a task view's own address is taken from the form's return_to; anything else falls back.
import { describe, expect, it } from 'vitest'
import { answerPage } from '../../app/utils/forms.server'
import { withReturnTo } from '../../app/utils/misc'

const posted = (returnTo: string | null) =>
  new Request(`http://app.test/staff/policies/7/refund${returnTo === null ? '' : withReturnTo('', returnTo)}`)

describe('answerPage', () => {
  it('answers on the task view named by return_to', () => {
    expect(answerPage(posted('/staff/inbox/42'), '/staff/policies/7')).toBe('/staff/inbox/42')
  })

  it.each([
    null,
    '',
    '//evil.test/staff/inbox/42',
    'https://evil.test/staff/inbox/42',
    '/staff/inbox/42/../../agencies',
    '/staff/inbox/42?x=1',
    '/staff/inbox/',
    '/agency/inbox/42',
    '/staff/inbox/42\n',
  ])('falls back to the record page for %j', (returnTo) => {
    expect(answerPage(posted(returnTo), '/staff/policies/7')).toBe('/staff/policies/7')
  })
})
