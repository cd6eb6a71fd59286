import type { FieldBinding } from './use-zod-form';

/** A kit field: the form's binding (`form.bind('field')`) plus a label and a few display options. */
export type FieldProps<V> = FieldBinding<V> & {
  label: string;
  disabled?: boolean;
  required?: boolean;
  helperText?: string;
  autoFocus?: boolean;
  /** 'small' beside a list's search box (filters in a `DataTable` toolbar). */
  size?: 'small' | 'medium';
};
