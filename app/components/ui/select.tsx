import { ChevronDown } from 'lucide-react'
import * as React from 'react'

import { cn } from '../../utils/cn'

export interface SelectProps extends React.SelectHTMLAttributes<HTMLSelectElement> {
  /** Class for the positioning wrapper (the `className` prop goes to the <select> itself). */
  wrapperClassName?: string
}

/** A styled native <select>: works without JavaScript and posts its value with the form. */
export const Select = React.forwardRef<HTMLSelectElement, SelectProps>(
  ({ className, wrapperClassName, children, multiple, ...props }, ref) => (
    <div className={cn('relative w-full', wrapperClassName)}>
      <select
        ref={ref}
        multiple={multiple}
        className={cn(
          'flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive',
          multiple ? 'min-h-[80px]' : 'h-10 appearance-none pr-9',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      {multiple ? null : (
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        />
      )}
    </div>
  ),
)
Select.displayName = 'Select'
