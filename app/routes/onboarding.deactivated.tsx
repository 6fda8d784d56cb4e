export { loader, meta } from './onboarding.waiting'
export { default } from './onboarding.waiting'
