// A customer's details as the policy screens show them, shared by the customer read use cases.
import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { alias } from 'drizzle-orm/pg-core'
import { cities, countries, customerDependants, customerPartners, customers, states } from '../../db/schema'
import { type CustomerRow } from './policy-loading'

export const personal = (c: CustomerRow) => ({
  id: c.id,
  agency_id: c.agency_id,
  title: c.title,
  first_name: c.first_name,
  last_name: c.last_name,
  email: c.email,
  dob: c.dob,
  gender: c.gender,
  mobile_number: c.mobile_number,
  country: c.country,
  has_accepted_terms: c.has_accepted_terms,
  is_primary_visa_holder_and_eligible_to_apply: c.is_primary_visa_holder_and_eligible_to_apply,
})

export const other = (c: CustomerRow) => ({
  id: c.id,
  passport_number: c.passport_number,
  passport_country_id: c.passport_country_id,
  visa_sub_class: c.visa_sub_class,
  education_institute: c.education_institute,
  student_number: c.student_number,
  has_australian_address: c.has_australian_address,
  street_address_1: c.street_address_1,
  street_address_2: c.street_address_2,
  state_id: c.state_id,
  city_id: c.city_id,
  post_code: c.post_code,
})

export async function family(customerId: number) {
  const db = getDb()
  const [partner] = await db
    .select()
    .from(customerPartners)
    .where(eq(customerPartners.customer_id, customerId))
  const family_members = await db
    .select()
    .from(customerDependants)
    .where(eq(customerDependants.customer_id, customerId))
    .orderBy(asc(customerDependants.id))
  return { partner: partner ?? null, family_members }
}

const passportCountries = alias(countries, 'passport_countries')

export async function placeNames(c: CustomerRow) {
  const [row] = await getDb()
    .select({
      country_name: countries.name,
      passport_country_name: passportCountries.name,
      state_name: states.name,
      city_name: cities.name,
    })
    .from(customers)
    .leftJoin(countries, eq(countries.id, customers.country))
    .leftJoin(passportCountries, eq(passportCountries.id, customers.passport_country_id))
    .leftJoin(states, eq(states.id, customers.state_id))
    .leftJoin(cities, eq(cities.id, customers.city_id))
    .where(eq(customers.id, c.id))
  return row
}
