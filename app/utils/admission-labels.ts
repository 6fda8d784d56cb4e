// The admission area's enumerations and their words, for components (pure, shared with the browser).
export * from '../../domain/admission/admission.rules'
