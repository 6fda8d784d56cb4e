// Issue 29 item 1: the wizard's step one does not go on without the student's two declarations
// (eligible primary visa holder, terms accepted), saying why under each box; issue 26 item 7: the
// wizard's steps are the house form (checked in the browser, the dependants count unchecked); the
// passport step's address, its city searched in the chosen state.
import { expect, expectAccessible, query, signIn, test, AGENCY } from './helpers'

const ELIGIBLE = 'The student is the primary visa holder and eligible to apply'
const TERMS = 'The student has accepted the terms and conditions'
const ELIGIBLE_MSG = 'The student must be the primary visa holder and eligible to apply'
const TERMS_MSG = 'The student must accept the terms and conditions'

test('step one refuses to continue without the declarations, the family step counts dependants, the city is searched', async ({
  page,
}) => {
  const last = `Declared${Date.now().toString(36)}`
  await signIn(page, AGENCY.email, AGENCY.password)
  await page.goto('/agency/policies/new')
  await page.getByLabel('Policy type').selectOption('FAMILY')
  await page.getByLabel('First name').fill('Noor')
  await page.getByLabel('Last name').fill(last)
  await page.getByLabel('E-mail').fill(`${last.toLowerCase()}@example.test`)
  await page.getByLabel('Date of birth').fill('2004-06-07')
  // The country is searched by typing: "chin" suggests China first, chosen with the keyboard.
  const country = page.getByLabel('Country', { exact: true })
  await expect(country).toHaveAttribute('aria-autocomplete', 'list')
  await country.pressSequentially('chin')
  await expect(page.getByRole('option', { name: 'China', exact: true })).toBeVisible()
  await country.press('ArrowDown')
  await country.press('Enter')
  await expect(country).toHaveValue('China')

  // Neither box ticked: both messages, and no policy is made.
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByText(ELIGIBLE_MSG)).toBeVisible()
  await expect(page.getByText(TERMS_MSG)).toBeVisible()
  await expect(page.getByLabel(ELIGIBLE)).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page)
  await expect(page).toHaveURL(/\/agency\/policies\/new$/)

  // One ticked: the other still holds the step.
  await page.getByLabel(TERMS).check()
  await expect(page.getByText(TERMS_MSG)).toBeHidden()
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByText(ELIGIBLE_MSG)).toBeVisible()
  await expect(page).toHaveURL(/\/agency\/policies\/new$/)
  expect(await query(`SELECT count(*)::int AS n FROM customers WHERE last_name = $1`, [last])).toEqual([
    { n: 0 },
  ])

  // Both ticked: on to the family step, the declarations saved.
  await page.getByLabel(ELIGIBLE).check()
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/step=family/)
  expect(
    await query(
      `SELECT has_accepted_terms, is_primary_visa_holder_and_eligible_to_apply FROM customers WHERE last_name = $1`,
      [last],
    ),
  ).toEqual([{ has_accepted_terms: true, is_primary_visa_holder_and_eligible_to_apply: true }])
  expect(
    await query(
      `SELECT co.name FROM customers c JOIN countries co ON co.id = c.country WHERE c.last_name = $1`,
      [last],
    ),
  ).toEqual([{ name: 'China' }])

  // "Update the number" redraws the rows without checking the empty ones.
  await page.getByLabel('Number of dependants').selectOption('2')
  await page.getByRole('button', { name: 'Update the number' }).click()
  await expect(page.getByRole('group', { name: 'Dependant 2' })).toBeVisible()
  // Saving checks the rows in the browser with the action's schema; the rows stay drawn.
  await page.getByRole('button', { name: 'Save and continue' }).click()
  const partner = page.getByRole('group', { name: 'Partner' })
  await expect(partner.getByText('First name is required')).toBeVisible()
  await expect(page.getByRole('group', { name: 'Dependant 2' })).toBeVisible()
  await expect(page).toHaveURL(/step=family/)
  await partner.getByLabel('First name').fill('Pat')
  await partner.getByLabel('Last name').fill(last)
  for (const [i, name] of ['Kim', 'Lee'].entries()) {
    const row = page.getByRole('group', { name: `Dependant ${i + 1}` })
    await row.getByLabel('First name').fill(name)
    await row.getByLabel('Last name').fill(last)
  }
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/step=other/)
  // The address can change a moment before the next step is drawn: wait for the step itself.
  await expect(page.getByLabel('Education institute')).toBeVisible()
  await expect(page.getByRole('group', { name: 'Partner' })).toBeHidden()
  expect(
    await query(
      `SELECT d.first_name FROM customer_dependants d JOIN customers c ON c.id = d.customer_id
       WHERE c.last_name = $1 ORDER BY d.first_name`,
      [last],
    ),
  ).toEqual([{ first_name: 'Kim' }, { first_name: 'Lee' }])

  // The passport step: the address fields show only with their box ticked; the city box suggests
  // the chosen state's cities as the user types (keyboard: arrow down, Enter).
  await page.getByLabel('Passport number').fill('E12345678')
  await page.getByLabel('Education institute').fill('University of Melbourne')
  const street = page.getByLabel('Street address', { exact: true })
  await expect(street).toBeHidden()
  await page.getByLabel('The student has an Australian address').check()
  await street.fill('200 Swanston Street')
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Victoria' })
  const city = page.getByRole('combobox', { name: 'City', exact: true })
  await city.pressSequentially('melb')
  await expect(city).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('option', { name: 'Melbourne', exact: true })).toBeVisible()
  await expectAccessible(page)
  await city.press('ArrowDown')
  await expect(city).toHaveAttribute('aria-activedescendant', /city_name-option-0/)
  await city.press('Enter')
  await expect(city).toHaveValue('Melbourne')
  await expect(city).toHaveAttribute('aria-expanded', 'false')
  await page.getByLabel('Post code').fill('3000')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  // No quote was carried: the quote step asks for it.
  await expect(page).toHaveURL(/step=quote/)
  expect(
    await query(
      `SELECT c.street_address_1, s.name AS state, ci.name AS city, c.post_code
       FROM customers c JOIN states s ON s.id = c.state_id JOIN cities ci ON ci.id = c.city_id
       WHERE c.last_name = $1`,
      [last],
    ),
  ).toEqual([
    { street_address_1: '200 Swanston Street', state: 'Victoria', city: 'Melbourne', post_code: '3000' },
  ])
})
