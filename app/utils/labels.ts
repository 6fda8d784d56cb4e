/** The product's label maps (domain/shared/labels.ts), for components that may not import domain/. */
export * from '../../domain/shared/labels'
