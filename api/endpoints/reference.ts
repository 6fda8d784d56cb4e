import { endpoint, ok, paged } from '../define'
import * as S from '../../domain/reference/reference.schemas'
import { findCountries } from '../../domain/reference/find-countries'
import { findStatesByCountry } from '../../domain/reference/find-states'
import { findCitiesByState } from '../../domain/reference/find-cities'
import { createState } from '../../domain/reference/create-state'
import { createCity } from '../../domain/reference/create-city'
import { findInsuranceProviders } from '../../domain/reference/find-insurance-providers'
import { getInsuranceProvider } from '../../domain/reference/get-insurance-provider'

const SIGNED_IN = { staff: true, agency: true } as const

export const referenceEndpoints = [
  endpoint({
    method: 'GET',
    path: '/addresses/countries',
    summary: 'Every country, by name',
    access: { public: true },
    handler: async () => ok(await findCountries()),
  }),
  endpoint({
    method: 'GET',
    path: '/addresses/statesByCountryId',
    summary: "A country's states, by name",
    access: { public: true },
    query: S.StatesQuerySchema,
    handler: async ({ query }) => ok(await findStatesByCountry(query.country_id)),
  }),
  endpoint({
    method: 'GET',
    path: '/addresses/citiesByStateId',
    summary: "A state's cities, paged and searchable by name (pageInfo has totalPage and hasMore)",
    access: { public: true },
    query: S.CitiesQuerySchema,
    handler: async ({ query }) => paged(await findCitiesByState(query)),
  }),
  endpoint({
    method: 'POST',
    path: '/addresses/createState',
    summary: 'Add a state to a country',
    access: createState.access,
    body: S.CreateStateSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'State created',
      data: await createState({ actor, input: body }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: '/addresses/createCity',
    summary: 'Add a city to a state',
    access: createCity.access,
    body: S.CreateCitySchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'City created',
      data: await createCity({ actor, input: body }),
    }),
  }),
  endpoint({
    method: 'GET',
    path: '/insurances/insuranceProviders',
    summary: 'Every insurance provider, by name',
    access: SIGNED_IN,
    handler: async () => ok(await findInsuranceProviders()),
  }),
  endpoint({
    method: 'GET',
    path: '/insurances/insuranceProvidersById/{id}',
    summary: 'One insurance provider',
    access: SIGNED_IN,
    params: S.InsuranceProviderIdSchema,
    handler: async ({ params }) => ok(await getInsuranceProvider(params.id)),
  }),
]
