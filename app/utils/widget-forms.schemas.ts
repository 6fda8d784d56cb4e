// The website-client form's schema, shared by the browser (Conform's onValidate) and the actions
// (components may not import domain/).
export { PublicClientSchema } from '../../domain/public-clients/public-clients.schemas'
