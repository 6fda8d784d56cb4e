export { loader, meta } from './waiting'
export { default } from './waiting'
