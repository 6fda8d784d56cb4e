// The feedback form's schema, shared by the browser (Conform's onValidate) and the actions
// (components may not import domain/).
export { FeedbackSchema } from '../../domain/feedback/feedback.schemas'
